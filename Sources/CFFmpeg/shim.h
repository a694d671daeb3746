#pragma once
// FFmpeg's headers only, for CGeoAlbumShim's decoder (audio_decode.c): Swift does not import
// this module. The libraries are loaded on first use (geoalbum_lazy.h).
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>

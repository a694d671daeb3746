#pragma once
// libjpeg-turbo entry points for Swift.
//
// Why this shim exists: libjpeg reports a fatal error by calling `error_exit`, whose default
// ends the process. A library must return to its caller instead, which means `longjmp` back to a
// `setjmp` made before the call; Swift can call neither, and a `longjmp` must not cross Swift
// frames. So every function here makes its own `setjmp`, runs libjpeg to completion in C, and
// returns a status with libjpeg's own message (`format_message`). `jpeg_create_decompress` and
// `jpeg_create_compress` are also macros Swift does not import.
//
// This header deliberately includes no libjpeg header: Swift imports <jpeglib.h> through the
// CJPEG module, and a second import here would give Swift two copies of every libjpeg type.
// Only plain structs, integers and byte pointers cross this boundary.
#include <stddef.h>
#include <stdint.h>

/// The size of every message buffer passed in (libjpeg's JMSG_LENGTH_MAX).
#define GA_JPEG_MESSAGE_SIZE 200

/// What a JPEG's header says, read without decoding any pixels.
typedef struct {
    int width;            // declared in the frame header (SOF)
    int height;
    int components;       // 1 grayscale, 3 YCbCr or RGB, 4 CMYK or YCCK
    int color_space;      // 1 gray, 2 RGB, 3 YCbCr, 4 CMYK, 5 YCCK (libjpeg's J_COLOR_SPACE), 0 unknown
    int progressive;      // 1 when the file is progressive
} ga_jpeg_info;

/// Pixels decoded by `ga_jpeg_decode`: rows packed top to bottom, `channels` bytes per pixel
/// (1 gray or 3 RGB; CMYK files are converted to RGB). Free with `ga_jpeg_image_free`.
typedef struct {
    uint8_t *pixels;
    int width;
    int height;
    int channels;
    int warnings;                             // libjpeg's corrupt-data warnings (e.g. truncated)
    char warning[GA_JPEG_MESSAGE_SIZE];       // the first warning's message, "" when none
} ga_jpeg_image;

/// Reads the header of the JPEG in `data`. Returns 0, or -1 with libjpeg's message in
/// `message` (GA_JPEG_MESSAGE_SIZE bytes).
int ga_jpeg_read_info(const uint8_t *data, size_t size, ga_jpeg_info *info, char *message);

/// Decodes the JPEG in `data` at DCT scale `scale_num`/8 (1...8), refusing before any pixel
/// is decoded when the declared width x height exceeds `max_pixels`. Returns 0 and fills
/// `image`, or -1 with libjpeg's message (nothing to free then).
int ga_jpeg_decode(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                   ga_jpeg_image *image, char *message);

/// Frees the pixels of an image filled by `ga_jpeg_decode`.
void ga_jpeg_image_free(ga_jpeg_image *image);

/// Encodes packed pixels (`channels` 1 gray, 3 RGB or 4 CMYK, stored as Adobe writes it:
/// inverted) as a JPEG of `quality` 1...100, baseline or progressive. Returns 0 with a buffer
/// in `*out` to release with `ga_jpeg_free`, or -1 with libjpeg's message.
int ga_jpeg_encode(const uint8_t *pixels, int width, int height, int channels, int quality,
                   int progressive, uint8_t **out, size_t *out_size, char *message);

/// Frees a buffer returned by `ga_jpeg_encode`.
void ga_jpeg_free(void *buffer);

// libjpeg calls for Swift, each behind its own setjmp. See geoalbum_jpeg.h for why.
#include "geoalbum_jpeg.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

// libjpeg's error manager extended with the jump target and where messages go.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;      // the caller's GA_JPEG_MESSAGE_SIZE buffer for the fatal error
    int warnings;
    char warning[GA_JPEG_MESSAGE_SIZE];
} ga_error_mgr;

// Replaces libjpeg's error_exit (which calls exit()): keep the message, jump back.
static void ga_error_exit(j_common_ptr cinfo) {
    ga_error_mgr *err = (ga_error_mgr *)cinfo->err;
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    snprintf(err->message, GA_JPEG_MESSAGE_SIZE, "%s", buffer);
    longjmp(err->jump, 1);
}

// Replaces emit_message (which prints to stderr): count warnings, keep the first one's text.
static void ga_emit_message(j_common_ptr cinfo, int level) {
    ga_error_mgr *err = (ga_error_mgr *)cinfo->err;
    if (level >= 0) return;  // trace messages
    if (err->warnings++ == 0) {
        char buffer[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, buffer);
        snprintf(err->warning, GA_JPEG_MESSAGE_SIZE, "%s", buffer);
    }
    cinfo->err->num_warnings++;
}

static void ga_error_init(ga_error_mgr *err, char *message) {
    memset(err, 0, sizeof(*err));
    jpeg_std_error(&err->pub);
    err->pub.error_exit = ga_error_exit;
    err->pub.emit_message = ga_emit_message;
    err->message = message;
    message[0] = 0;
}

// libjpeg-turbo's mem source takes an unsigned long size.
static int ga_check_size(size_t size, char *message) {
    if (size > (size_t)(unsigned long)-1) {
        snprintf(message, GA_JPEG_MESSAGE_SIZE, "data too large (%zu bytes)", size);
        return -1;
    }
    return 0;
}

int ga_jpeg_read_info(const uint8_t *data, size_t size, ga_jpeg_info *info, char *message) {
    struct jpeg_decompress_struct cinfo;
    ga_error_mgr err;
    ga_error_init(&err, message);
    memset(info, 0, sizeof(*info));
    if (ga_check_size(size, message) != 0) return -1;
    cinfo.err = &err.pub;
    jpeg_create_decompress(&cinfo);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) {
        snprintf(message, GA_JPEG_MESSAGE_SIZE, "no image in the JPEG (tables only)");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    info->width = (int)cinfo.image_width;
    info->height = (int)cinfo.image_height;
    info->components = cinfo.num_components;
    info->color_space = (int)cinfo.jpeg_color_space;
    info->progressive = cinfo.progressive_mode ? 1 : 0;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

// One CMYK row to RGB. Adobe (Photoshop) stores CMYK inverted; others store it plain.
static void ga_cmyk_to_rgb(const JSAMPLE *in, uint8_t *out, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++, in += 4, out += 3) {
        int c = in[0], m = in[1], y = in[2], k = in[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        out[0] = (uint8_t)((c * k + 127) / 255);
        out[1] = (uint8_t)((m * k + 127) / 255);
        out[2] = (uint8_t)((y * k + 127) / 255);
    }
}

// State the error path must see after longjmp: kept behind a pointer, not in registers.
typedef struct {
    uint8_t *pixels;
    JSAMPLE *row;
} ga_decode_buffers;

int ga_jpeg_decode(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                   ga_jpeg_image *image, char *message) {
    struct jpeg_decompress_struct cinfo;
    ga_error_mgr err;
    ga_decode_buffers buffers = {NULL, NULL};
    ga_decode_buffers *volatile held = &buffers;
    ga_error_init(&err, message);
    memset(image, 0, sizeof(*image));
    if (ga_check_size(size, message) != 0) return -1;
    if (scale_num < 1 || scale_num > 8) {
        snprintf(message, GA_JPEG_MESSAGE_SIZE, "scale %d/8 is not in 1/8...8/8", scale_num);
        return -1;
    }
    cinfo.err = &err.pub;
    jpeg_create_decompress(&cinfo);
    if (setjmp(err.jump)) {
        free(held->pixels);
        free(held->row);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) {
        snprintf(message, GA_JPEG_MESSAGE_SIZE, "no image in the JPEG (tables only)");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    // The pixel cap is checked on the declared size, before any allocation for pixels.
    uint64_t declared = (uint64_t)cinfo.image_width * (uint64_t)cinfo.image_height;
    if (declared > max_pixels) {
        snprintf(message, GA_JPEG_MESSAGE_SIZE, "%ux%u pixels is over the cap of %llu pixels",
                 cinfo.image_width, cinfo.image_height, (unsigned long long)max_pixels);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    if (cmyk) {
        cinfo.out_color_space = JCS_CMYK;
    } else if (cinfo.num_components == 1) {
        cinfo.out_color_space = JCS_GRAYSCALE;
    } else {
        cinfo.out_color_space = JCS_RGB;
    }
    cinfo.scale_num = (unsigned int)scale_num;
    cinfo.scale_denom = 8;
    jpeg_start_decompress(&cinfo);

    int channels = cmyk ? 3 : cinfo.output_components;
    size_t stride = (size_t)cinfo.output_width * (size_t)channels;
    buffers.pixels = malloc(stride * cinfo.output_height);
    if (cmyk) buffers.row = malloc((size_t)cinfo.output_width * 4);
    if (buffers.pixels == NULL || (cmyk && buffers.row == NULL)) {
        snprintf(message, GA_JPEG_MESSAGE_SIZE, "out of memory for %ux%u pixels",
                 cinfo.output_width, cinfo.output_height);
        free(buffers.pixels);
        free(buffers.row);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        uint8_t *target = buffers.pixels + stride * cinfo.output_scanline;
        JSAMPROW row = cmyk ? buffers.row : target;
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) break;
        if (cmyk) ga_cmyk_to_rgb(buffers.row, target, cinfo.output_width, cinfo.saw_Adobe_marker);
    }
    jpeg_finish_decompress(&cinfo);

    image->pixels = buffers.pixels;
    image->width = (int)cinfo.output_width;
    image->height = (int)cinfo.output_height;
    image->channels = channels;
    image->warnings = err.warnings;
    memcpy(image->warning, err.warning, sizeof(image->warning));
    free(buffers.row);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

void ga_jpeg_image_free(ga_jpeg_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

// The encoder's output buffer, which libjpeg reallocates as it grows: kept behind a pointer so
// the error path frees the current one.
typedef struct {
    unsigned char *buffer;
    unsigned long size;
} ga_encode_output;

int ga_jpeg_encode(const uint8_t *pixels, int width, int height, int channels, int quality,
                   int progressive, uint8_t **out, size_t *out_size, char *message) {
    struct jpeg_compress_struct cinfo;
    ga_error_mgr err;
    ga_encode_output output = {NULL, 0};
    ga_encode_output *volatile held = &output;
    ga_error_init(&err, message);
    *out = NULL;
    *out_size = 0;
    if (width <= 0 || height <= 0 || !(channels == 1 || channels == 3 || channels == 4)) {
        snprintf(message, GA_JPEG_MESSAGE_SIZE, "cannot encode %dx%d pixels of %d channels",
                 width, height, channels);
        return -1;
    }
    cinfo.err = &err.pub;
    jpeg_create_compress(&cinfo);
    if (setjmp(err.jump)) {
        free(held->buffer);
        jpeg_destroy_compress(&cinfo);
        return -1;
    }
    jpeg_mem_dest(&cinfo, &output.buffer, &output.size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = channels;
    cinfo.in_color_space = channels == 1 ? JCS_GRAYSCALE : channels == 3 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    else cinfo.optimize_coding = TRUE;
    jpeg_start_compress(&cinfo, TRUE);
    size_t stride = (size_t)width * (size_t)channels;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * cinfo.next_scanline);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = output.buffer;
    *out_size = (size_t)output.size;
    return 0;
}

void ga_jpeg_free(void *buffer) {
    free(buffer);
}

// The libpng call sequences of Segue. See include/CSeguePNG.h for why this file exists.
// Each public function creates its libpng structs, arms setjmp once, and never lets a
// longjmp leave this file. Error and I/O callbacks are C functions in this file.
#include "CSeguePNG.h"

#include <png.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// What the error handler needs: where to copy libpng's message.
typedef struct {
  char *message;
  size_t capacity;
} shim_error_state;

static void shim_set_message(char *message, size_t capacity, const char *text) {
  if (message != NULL && capacity > 0) {
    snprintf(message, capacity, "%s", text);
  }
}

static void shim_error(png_structp png, png_const_charp text) {
  shim_error_state *state = (shim_error_state *)png_get_error_ptr(png);
  if (state != NULL) shim_set_message(state->message, state->capacity, text);
  png_longjmp(png, 1);
}

static void shim_warning(png_structp png, png_const_charp text) {
  // Warnings (a bad ancillary chunk, say) do not stop decoding; they are not errors.
  (void)png;
  (void)text;
}

// MARK: - Encoding

static void shim_write(png_structp png, png_bytep data, png_size_t length) {
  csegue_png_buffer *buffer = (csegue_png_buffer *)png_get_io_ptr(png);
  if (buffer->count + length > buffer->capacity) {
    size_t capacity = buffer->capacity < 65536 ? 65536 : buffer->capacity;
    while (capacity < buffer->count + length) capacity *= 2;
    uint8_t *bytes = (uint8_t *)realloc(buffer->bytes, capacity);
    if (bytes == NULL) png_error(png, "out of memory");
    buffer->bytes = bytes;
    buffer->capacity = capacity;
  }
  memcpy(buffer->bytes + buffer->count, data, length);
  buffer->count += length;
}

static void shim_flush(png_structp png) { (void)png; }

void csegue_png_buffer_free(csegue_png_buffer *buffer) {
  if (buffer == NULL) return;
  free(buffer->bytes);
  buffer->bytes = NULL;
  buffer->count = 0;
  buffer->capacity = 0;
}

/// Empties `out` and creates the write and info structs, their errors reported through
/// `state`. The caller arms setjmp itself: a jump buffer must belong to a frame that is still
/// running when libpng jumps.
static int shim_create_writer(shim_error_state *state, csegue_png_buffer *out, png_structp *png, png_infop *info) {
  shim_set_message(state->message, state->capacity, "");
  out->bytes = NULL;
  out->count = 0;
  out->capacity = 0;
  *png = png_create_write_struct(PNG_LIBPNG_VER_STRING, state, shim_error, shim_warning);
  if (*png == NULL) {
    shim_set_message(state->message, state->capacity, "out of memory");
    return CSEGUEPNG_NO_MEMORY;
  }
  *info = png_create_info_struct(*png);
  if (*info == NULL) {
    png_destroy_write_struct(png, NULL);
    shim_set_message(state->message, state->capacity, "out of memory");
    return CSEGUEPNG_NO_MEMORY;
  }
  return CSEGUEPNG_OK;
}

int csegue_png_encode_rows(
  const uint8_t *const *rows, uint32_t width, uint32_t height, int layout,
  csegue_png_settings settings, csegue_png_buffer *out, char *message, size_t message_capacity) {
  shim_error_state state = {message, message_capacity};
  png_structp png = NULL;
  png_infop info = NULL;
  int status = shim_create_writer(&state, out, &png, &info);
  if (status != CSEGUEPNG_OK) return status;
  if (setjmp(png_jmpbuf(png)) != 0) {
    png_destroy_write_struct(&png, &info);
    csegue_png_buffer_free(out);
    return CSEGUEPNG_FAILED;
  }
  png_set_write_fn(png, out, shim_write, shim_flush);
  png_set_IHDR(png, info, width, height, 8,
               layout == CSEGUEPNG_RGBA_AS_RGBA ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, settings.level);
  png_set_compression_strategy(png, settings.strategy);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, settings.filters);
  // Fewer, larger IDAT chunks: less per-chunk overhead for big frames.
  png_set_compression_buffer_size(png, 1 << 17);
  png_write_info(png, info);
  if (layout == CSEGUEPNG_RGBX_AS_RGB) png_set_filler(png, 0, PNG_FILLER_AFTER);
  for (uint32_t y = 0; y < height; y++) {
    png_write_row(png, (png_const_bytep)rows[y]);
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  return CSEGUEPNG_OK;
}

int csegue_png_write_stream(
  const uint8_t *stream, size_t length, uint32_t width, uint32_t height, int has_alpha,
  csegue_png_buffer *out, char *message, size_t message_capacity) {
  shim_error_state state = {message, message_capacity};
  png_structp png = NULL;
  png_infop info = NULL;
  int status = shim_create_writer(&state, out, &png, &info);
  if (status != CSEGUEPNG_OK) return status;
  if (setjmp(png_jmpbuf(png)) != 0) {
    png_destroy_write_struct(&png, &info);
    csegue_png_buffer_free(out);
    return CSEGUEPNG_FAILED;
  }
  png_set_write_fn(png, out, shim_write, shim_flush);
  png_set_IHDR(png, info, width, height, 8, has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  // IDAT chunks of 1 MiB at most: any size is valid; this keeps a reader's buffers small.
  const size_t chunk = (size_t)1 << 20;
  for (size_t offset = 0; offset < length; offset += chunk) {
    size_t part = length - offset < chunk ? length - offset : chunk;
    png_write_chunk(png, (png_const_bytep) "IDAT", stream + offset, part);
  }
  // png_write_end would refuse: libpng counts only the IDATs it compressed itself.
  png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
  png_destroy_write_struct(&png, &info);
  return CSEGUEPNG_OK;
}

int csegue_png_encode_rgba8(
  const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int layout,
  csegue_png_settings settings, csegue_png_buffer *out, char *message, size_t message_capacity) {
  const uint8_t **rows = (const uint8_t **)malloc(sizeof(uint8_t *) * (height == 0 ? 1 : height));
  if (rows == NULL) {
    shim_set_message(message, message_capacity, "out of memory");
    out->bytes = NULL;
    out->count = 0;
    out->capacity = 0;
    return CSEGUEPNG_NO_MEMORY;
  }
  for (uint32_t y = 0; y < height; y++) rows[y] = pixels + (size_t)y * stride;
  int status = csegue_png_encode_rows(rows, width, height, layout, settings, out, message, message_capacity);
  free(rows);
  return status;
}

// MARK: - Decoding

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
} shim_reader;

static int csegue_png_decode_any(
  const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint8_t *out, int *channels,
  int sixteen, char *message, size_t message_capacity);

static void shim_read(png_structp png, png_bytep data, png_size_t length) {
  shim_reader *reader = (shim_reader *)png_get_io_ptr(png);
  if (length > reader->size - reader->offset) png_error(png, "file is truncated");
  memcpy(data, reader->data + reader->offset, length);
  reader->offset += length;
}

int csegue_png_decode_rgba8(
  const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint8_t *out,
  char *message, size_t message_capacity) {
  return csegue_png_decode_any(data, size, width, height, out, NULL, 0, message, message_capacity);
}

int csegue_png_decode_native(
  const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint8_t *out, int *channels,
  char *message, size_t message_capacity) {
  return csegue_png_decode_any(data, size, width, height, out, channels, 0, message, message_capacity);
}

int csegue_png_decode_rgba16(
  const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint16_t *out,
  char *message, size_t message_capacity) {
  return csegue_png_decode_any(data, size, width, height, (uint8_t *)out, NULL, 1, message, message_capacity);
}

/// The decoder behind every entry point: RGBA8; or, with `channels`, RGB8 kept as it is; or,
/// with `sixteen`, RGBA with 16-bit samples in the machine's byte order.
static int csegue_png_decode_any(
  const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint8_t *out, int *channels,
  int sixteen, char *message, size_t message_capacity) {
  shim_error_state state = {message, message_capacity};
  shim_reader reader = {data, size, 0};
  shim_set_message(message, message_capacity, "");

  // Row pointers are made before setjmp so that nothing the jump skips needs freeing but them;
  // they are set once the layout is known.
  png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (height == 0 ? 1 : height));
  if (rows == NULL) {
    shim_set_message(message, message_capacity, "out of memory");
    return CSEGUEPNG_NO_MEMORY;
  }

  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, shim_error, shim_warning);
  if (png == NULL) {
    free(rows);
    shim_set_message(message, message_capacity, "out of memory");
    return CSEGUEPNG_NO_MEMORY;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    free(rows);
    shim_set_message(message, message_capacity, "out of memory");
    return CSEGUEPNG_NO_MEMORY;
  }
  if (setjmp(png_jmpbuf(png)) != 0) {
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    return CSEGUEPNG_FAILED;
  }
  png_set_read_fn(png, &reader, shim_read);
  png_set_user_limits(png, width, height);
#ifdef PNG_IGNORE_ADLER32
  // Every chunk, IDAT included, is still guarded by its CRC-32; zlib's Adler-32 over the
  // inflated data checks the same bytes again and costs a pass over them.
  png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
  png_read_info(png, info);
  if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
    png_error(png, "image size differs from its header");
  }
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  size_t pixel_bytes = sixteen ? 8 : 4;
  if (channels != NULL && color_type == PNG_COLOR_TYPE_RGB && bit_depth == 8 && !has_trns) {
    pixel_bytes = 3;
  }
  if (channels != NULL) *channels = (int)pixel_bytes;
  for (uint32_t y = 0; y < height; y++) rows[y] = out + (size_t)y * width * pixel_bytes;
  if (pixel_bytes != 3) {
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (sixteen) {
      // 8-bit samples widen by 257 (0xAB becomes 0xABAB); PNG stores big-endian samples.
      png_set_expand_16(png);
      {
        const uint16_t probe = 1;
        if (*(const uint8_t *)&probe == 1) png_set_swap(png);
      }
    } else if (bit_depth == 16) {
      png_set_scale_16(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
      png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
      png_set_add_alpha(png, sixteen ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
    }
  }
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (png_size_t)width * pixel_bytes) {
    png_error(png, "unsupported pixel layout");
  }
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  free(rows);
  return CSEGUEPNG_OK;
}

uint32_t csegue_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
  return (uint32_t)crc32((uLong)crc, bytes, (uInt)length);
}

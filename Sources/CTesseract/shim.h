// Leptonica and Tesseract share `struct Pix`: importing both through one header keeps
// the Swift types identical across the two libraries.
#ifndef SCANBENCH_CTESSERACT_SHIM_H
#define SCANBENCH_CTESSERACT_SHIM_H
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
#endif

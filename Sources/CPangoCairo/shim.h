#ifndef SCANBENCH_CPANGOCAIRO_SHIM_H
#define SCANBENCH_CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#endif

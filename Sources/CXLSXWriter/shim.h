#ifndef SCANBENCH_CXLSXWRITER_SHIM_H
#define SCANBENCH_CXLSXWRITER_SHIM_H
#include <xlsxwriter.h>
#endif

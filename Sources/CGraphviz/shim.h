#ifndef LEGO_CGRAPHVIZ_SHIM_H
#define LEGO_CGRAPHVIZ_SHIM_H

#include <stddef.h>
#include <stdlib.h>
#include <graphviz/graphviz_version.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// Graphviz 13.0 changed gvRenderData's length from `unsigned int *` to `size_t *`;
// this wrapper gives Swift one signature whichever version is installed.
static inline int lego_gvRenderData(GVC_t *gvc, graph_t *g, const char *format, char **result, size_t *length) {
#if defined(GRAPHVIZ_VERSION_MAJOR) && GRAPHVIZ_VERSION_MAJOR >= 13
    return gvRenderData(gvc, g, format, result, length);
#else
    unsigned int shortLength = 0;
    int status = gvRenderData(gvc, g, format, result, &shortLength);
    *length = (size_t)shortLength;
    return status;
#endif
}

// Frees memory Graphviz allocated with malloc (plugin name lists).
static inline void lego_free(void *pointer) { free(pointer); }

#endif

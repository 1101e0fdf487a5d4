#include <graphviz/gvc.h>

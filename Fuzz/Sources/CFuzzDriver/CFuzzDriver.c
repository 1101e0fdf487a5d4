// A C target needs a source file; the module only exports the declaration in include/CFuzzDriver.h.
#include "CFuzzDriver.h"

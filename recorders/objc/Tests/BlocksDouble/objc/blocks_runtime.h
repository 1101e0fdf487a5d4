// GNUstep base's headers include <objc/blocks_runtime.h> (libobjc2's) when the compiler has blocks. gcc's libobjc has
// none; the QFMoudle journeys use libBlocksRuntime's (Debian's libblocksruntime-dev), whose header this is.
#include <Block.h>

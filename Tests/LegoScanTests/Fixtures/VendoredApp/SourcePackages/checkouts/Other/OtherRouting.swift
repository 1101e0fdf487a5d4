class VDOtherRouting: XFRouting {}

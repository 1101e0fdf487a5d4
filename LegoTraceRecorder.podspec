# At the repository root so CocoaPods can install the recorder straight from the repository URL:
#   pod 'LegoTraceRecorder', :git => 'https://github.com/lego-trace/lego-trace.git', :tag => 'v0.1.0', :configurations => ['Debug']
# or from a clone: pod 'LegoTraceRecorder', :path => 'vendor/lego-trace', :configurations => ['Debug']
# The recorder's sources are in recorders/objc; its version is the tool's, and one tag (vVERSION) releases both.
Pod::Spec.new do |s|
  s.name             = 'LegoTraceRecorder'
  s.version          = '0.1.0'
  s.summary          = 'Records a running XFLegoVIPER app as a lego-trace trace: leaks, duplicate module names, illegal URL hierarchies.'
  s.description      = <<-DESC
    Add the pod to a debug or UI-test configuration and set LEGO_TRACE_FILE (or pass -LegoTraceFile PATH): the
    recorder hooks XFLegoVIPER's registries, transitions, URL opens, events and the deallocation of its layers,
    and writes a JSON Lines trace that `lego-trace check` and `lego-trace graph` read. No code, no other dependency.
  DESC
  s.homepage         = 'https://github.com/lego-trace/lego-trace'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = 'The lego-trace authors'
  s.source           = { :git => 'https://github.com/lego-trace/lego-trace.git', :tag => "v#{s.version}" }
  s.platform         = :ios, '12.0'
  s.requires_arc     = true
  s.source_files     = 'recorders/objc/LegoTraceRecorder/**/*.{h,m}'
  s.public_header_files = 'recorders/objc/LegoTraceRecorder/include/LegoTraceRecorder.h'
  s.frameworks       = 'Foundation'
end

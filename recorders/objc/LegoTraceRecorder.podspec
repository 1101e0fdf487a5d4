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
  s.license          = { :type => 'MIT' }
  s.author           = 'lego-trace'
  s.source           = { :git => 'https://github.com/lego-trace/lego-trace.git', :tag => "recorder-#{s.version}" }
  s.platform         = :ios, '12.0'
  s.requires_arc     = true
  # Paths are relative to this file: install from a clone with `:path => 'lego-trace/recorders/objc'`, or from a
  # repository that holds recorders/objc at its root (docs/recorder.md).
  s.source_files     = 'LegoTraceRecorder/**/*.{h,m}'
  s.public_header_files = 'LegoTraceRecorder/include/LegoTraceRecorder.h'
  s.frameworks       = 'Foundation'
end

import LegoTraceApp
print("lego-trace")

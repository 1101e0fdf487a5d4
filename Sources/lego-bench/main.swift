import LegoTraceApp
print("bench")

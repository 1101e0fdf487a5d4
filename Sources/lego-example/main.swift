import LegoRuntime
print("example")

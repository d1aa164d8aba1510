print("frp")

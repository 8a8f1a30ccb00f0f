import LayerKit
import LuaBridge

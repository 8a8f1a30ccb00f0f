import LuaShim

/// The properties of the types a VM registered with ``LuaProperty``s, in one table indexed by
/// id (the ids their key tables hold), and the one pair of handlers that dispatches them all.
extension LuaState {
    /// Adds `properties` to this VM's table; returns the id of the first (the others follow).
    func addProperties(_ properties: [LuaProperty]) -> Int {
        let record = vm
        let first = Int(record.pointee.propertyCount)
        let count = first + properties.count
        precondition(count < 0x10000, "LuaBridge: too many properties")
        if count > Int(record.pointee.propertyCapacity) {
            let capacity = max(64, 2 * count)
            let grown = UnsafeMutablePointer<Unmanaged<LuaProperty>>.allocate(capacity: capacity)
            if let old = record.pointee.properties?.assumingMemoryBound(to: Unmanaged<LuaProperty>.self) {
                grown.moveInitialize(from: old, count: first)
                old.deallocate()
            }
            record.pointee.properties = UnsafeMutableRawPointer(grown)
            record.pointee.propertyCapacity = Int32(capacity)
        }
        let table = propertyTable
        for (offset, property) in properties.enumerated() {
            (table + first + offset).initialize(to: .passRetained(property))
        }
        record.pointee.propertyCount = Int32(count)
        return first
    }

    /// Releases the table of `record`'s VM (when it closes).
    static func freeProperties(_ record: UnsafeMutablePointer<sg_VM>) {
        guard let table = record.pointee.properties?.assumingMemoryBound(to: Unmanaged<LuaProperty>.self) else { return }
        for id in 0..<Int(record.pointee.propertyCount) { table[id].release() }
        table.deallocate()
        record.pointee.properties = nil
        record.pointee.propertyCount = 0
        record.pointee.propertyCapacity = 0
    }

    /// The table's entries, by id.
    var propertyTable: UnsafeMutablePointer<Unmanaged<LuaProperty>> {
        vm.pointee.properties.unsafelyUnwrapped.assumingMemoryBound(to: Unmanaged<LuaProperty>.self)
    }

    /// The one message for a write to read-only property `name` of the object at index 1.
    func readOnlyError(_ name: String, hint: String?) -> LuaRaise {
        error("cannot set read-only property '\(name)' on \(typeNameForError(at: 1))" + (hint.map { " (\($0))" } ?? ""))
    }
}

/// The getter of every type registered with ``LuaProperty``s: the property's own, by id.
func luaBridgeGetProperty(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        try lua.propertyTable[Int(id)]._withUnsafeGuaranteedRef { try $0.getter(lua, object) }
        return 1
    }
}

/// The setter of every type registered with ``LuaProperty``s: the property's own, by id, or the
/// read-only message.
func luaBridgeSetProperty(_ L: OpaquePointer, _ object: UnsafeMutableRawPointer, _ id: Int32) -> Int32 {
    LuaState.run(L) { lua in
        try lua.propertyTable[Int(id)]._withUnsafeGuaranteedRef { try $0.write(lua, object) }
        return 0
    }
}

import CMicroHTTPD

// libmicrohttpd's callbacks. They run on MHD's polling threads, outside any actor;
// each recovers the `ServerCore` from its closure pointer and delegates.

func httpServerAccessHandler(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?, _ contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let uploadDataSize, let contextSlot else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    return core.handleAccess(
        connection: connection, url: url, method: method, uploadData: uploadData, uploadDataSize: uploadDataSize,
        contextSlot: contextSlot)
}

func httpServerRequestCompleted(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ termination: MHD_RequestTerminationCode
) {
    guard let cls else { return }
    Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().requestCompleted(contextSlot: contextSlot)
}

func httpServerLog(_ cls: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    guard let cls, let message else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    core.observers.diagnostics?("libmicrohttpd: " + String(cString: message))
}

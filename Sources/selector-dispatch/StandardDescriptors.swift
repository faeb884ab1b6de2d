import Foundation

/// Which of standard input, output and error were closed when the tool
/// started (as with `>&-`).
///
/// Each closed one is opened on /dev/null at once, so that no file the tool
/// opens later takes its number: otherwise a recording opened while stderr
/// is closed would receive the error messages.
struct StandardDescriptors {
  /// Whether descriptor 0 was closed.
  let inputWasClosed: Bool
  /// Whether descriptor 1 was closed.
  let outputWasClosed: Bool
  /// Whether descriptor 2 was closed.
  let errorWasClosed: Bool

  /// Checks descriptors 0, 1 and 2 in order and fills each closed one.
  ///
  /// - Returns: Which were closed.
  static func secure() -> StandardDescriptors {
    var closed: [Bool] = []
    for descriptor in Int32(0)...2 {
      let isClosed = fcntl(descriptor, F_GETFD) == -1 && errno == EBADF
      closed.append(isClosed)
      guard isClosed else { continue }
      // The lower descriptors are open, so open(2) returns this one.
      let plug = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
      if plug >= 0, plug != descriptor {
        _ = dup2(plug, descriptor)
        _ = close(plug)
      }
    }
    return StandardDescriptors(
      inputWasClosed: closed[0], outputWasClosed: closed[1], errorWasClosed: closed[2])
  }
}

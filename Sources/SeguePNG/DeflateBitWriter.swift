/// Deflate's output: bits packed from the least significant bit of each byte up (RFC 1951,
/// 3.1.1), into a buffer that grows. The writer owns its memory and is not to be copied: its
/// one owner calls `deallocate()` when done (a struct, not a class, so the hot `write` has no
/// exclusivity checks on class storage).
///
/// Bits gather in a 64-bit register and leave four bytes at a time, so a write is a shift, an
/// or and, one time in four or so, a store. Callers reserve room before a run of writes (a
/// block's size is known before it is written), so `write` never checks capacity.
struct DeflateBitWriter {
  private var buffer: UnsafeMutableRawPointer
  private var capacity: Int
  private(set) var count = 0
  private var pending: UInt64 = 0
  private var pendingBits = 0

  init(capacity: Int = 1 << 16) {
    self.capacity = max(64, capacity)
    buffer = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
  }

  /// Makes room for `bytes` more bytes (besides the register's own, which always have room).
  mutating func reserve(_ bytes: Int) {
    let needed = count + bytes + 16
    guard needed > capacity else { return }
    var grown = capacity * 2
    while grown < needed { grown *= 2 }
    let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
    larger.copyMemory(from: buffer, byteCount: count)
    buffer.deallocate()
    buffer = larger
    capacity = grown
  }

  /// Appends the low `bitCount` (at most 32) bits of `bits`, least significant first.
  @inline(__always)
  mutating func write(_ bits: UInt32, _ bitCount: Int) {
    pending |= UInt64(bits) << UInt64(pendingBits)
    pendingBits += bitCount
    if pendingBits >= 32 {
      (buffer + count).storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
      count += 4
      pending >>= 32
      pendingBits -= 32
    }
  }

  /// Pads with zero bits to the next byte boundary.
  mutating func alignToByte() {
    while pendingBits > 0 {
      (buffer + count).storeBytes(of: UInt8(truncatingIfNeeded: pending), as: UInt8.self)
      count += 1
      pending >>= 8
      pendingBits = max(0, pendingBits - 8)
    }
    pending = 0
  }

  /// Appends whole bytes (after `alignToByte()`).
  mutating func writeBytes(_ bytes: [UInt8]) {
    precondition(pendingBits == 0, "bytes go on a byte boundary")
    reserve(bytes.count)
    for byte in bytes {
      (buffer + count).storeBytes(of: byte, as: UInt8.self)
      count += 1
    }
  }

  /// The bytes written, after aligning to a byte.
  mutating func bytes() -> [UInt8] {
    alignToByte()
    return [UInt8](UnsafeRawBufferPointer(start: buffer, count: count))
  }

  /// Frees the buffer; the writer must not be used again.
  func deallocate() {
    buffer.deallocate()
  }
}

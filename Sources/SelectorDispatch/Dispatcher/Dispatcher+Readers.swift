import CSelectorDispatch

// The table's side of a synchronous dispatch's reading (see
// `Dispatching/Dispatcher+Reading.swift`): beginning to read a published
// snapshot, publishing it first if a change cleared it, and dropping retired
// snapshots once their last reader has ended. Both change the table, so they
// are here.

extension Dispatcher {
  /// Drops the snapshots in `State/retiredWhileRead` whose readers have
  /// all ended: what the last reader of a retired snapshot does.
  @inline(never)
  func dropRetiredSnapshots() {
    changeTable { state, retired in
      state.retiredWhileRead.removeAll { snapshot in
        guard csd_readers_gone(snapshot.readers.unsafelyUnwrapped) != 0 else { return false }
        retired.keep(snapshot)
        return true
      }
    }
  }
}

extension Dispatcher.State {
  /// The snapshot of the selector in `slot`, published first if a change
  /// cleared it, with the caller counted among its readers; unretained.
  /// `nil` when the selector is not known here.
  @inline(__always)
  mutating func beginReading(_ slot: Int) -> Unmanaged<Dispatcher.Snapshot>? {
    guard let snapshot = published(slot) ?? snapshot(slot).map(Unmanaged.passUnretained) else {
      return nil
    }
    csd_readers_begin(snapshot._withUnsafeGuaranteedRef { $0.readers.unsafelyUnwrapped })
    return snapshot
  }

  /// What `published` holds at `slot`, read without retaining it.
  ///
  /// `published[slot]` would retain it and release it again, and the
  /// atomic increment between the two keeps the optimizer from pairing
  /// them away. A `Snapshot?` is one
  /// word, zero for `nil`.
  @inline(__always)
  private func published(_ slot: Int) -> Unmanaged<Dispatcher.Snapshot>? {
    published.withUnsafeBufferPointer { buffer in
      assert(buffer.indices.contains(slot))
      return UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + slot)
        .load(as: UnsafeRawPointer?.self).map(Unmanaged.fromOpaque)
    }
  }
}

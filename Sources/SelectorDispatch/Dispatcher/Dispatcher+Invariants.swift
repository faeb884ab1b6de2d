import CSelectorDispatch

// The dispatch table's invariants, checked after each change in builds with
// internal checks (see `InternalChecks`): `changeTable(_:)` checks the whole
// table after every change it makes, and publishing a snapshot checks its
// slot.

extension Dispatcher.State {
  /// Stops the process if the table breaks one of its invariants (see
  /// `invariantViolation()`); nothing in a build without internal checks.
  @inline(__always)
  func checkInvariants() {
    InternalChecks.check(invariantViolation(), of: "dispatch table")
  }

  /// Stops the process if the selector in `slot` breaks one of the
  /// invariants of a slot (see `violation(at:)`); nothing in a build without
  /// internal checks.
  @inline(__always)
  func checkInvariants(at slot: Int) {
    InternalChecks.check(violation(at: slot), of: "dispatch table")
  }

  /// The first invariant of the table that does not hold, described, or
  /// `nil` when they all hold:
  ///
  /// - `entries`, `published` and `keys` have one place per slot, and
  ///   `slots` one key per slot;
  /// - every slot holds (see `violation(at:)`);
  /// - every registered service's record names slots whose entries hold a
  ///   registration of it, under its sequence, and every registration
  ///   belongs to such a record;
  /// - a snapshot kept in `retiredWhileRead` is marked retired and is not
  ///   published.
  func invariantViolation() -> String? {
    guard entries.count == published.count, entries.count == keys.count else {
      return "\(entries.count) entries, \(published.count) published places and "
        + "\(keys.count) keys; expected one of each per slot"
    }
    guard slots.count == keys.count else {
      return "the key map holds \(slots.count) keys for \(keys.count) slots"
    }
    for slot in entries.indices {
      if let violation = violation(at: slot) { return violation }
    }
    for (service, record) in services {
      guard record.sequence < nextSequence else {
        return "service \"\(service)\" has sequence \(record.sequence), "
          + "not below the next one, \(nextSequence)"
      }
      for slot in record.slots {
        guard entries.indices.contains(slot) else {
          return "service \"\(service)\" names slot \(slot), which does not exist"
        }
        guard
          entries[slot].registrations.contains(where: {
            $0.sequence == record.sequence && $0.service == service
          })
        else {
          return "service \"\(service)\" names \(keys[slot]), which holds no registration of it"
        }
      }
    }
    for (slot, entry) in entries.enumerated() {
      for registration in entry.registrations {
        guard let record = services[registration.service],
          record.sequence == registration.sequence, record.slots.contains(slot)
        else {
          return "\(keys[slot]) holds a registration of \"\(registration.service)\" "
            + "(sequence \(registration.sequence)) that its record does not name"
        }
      }
    }
    for snapshot in retiredWhileRead {
      guard csd_readers_retired(snapshot.readers.unsafelyUnwrapped) != 0 else {
        return "the snapshot of \(snapshot.selector) is kept as retired but not marked so"
      }
      guard !published.contains(where: { $0 === snapshot }) else {
        return "the snapshot of \(snapshot.selector) is kept as retired but still published"
      }
    }
    return nil
  }

  /// The first invariant of the selector in `slot` that does not hold,
  /// described, or `nil`:
  ///
  /// - the text map and the key map find the slot from its key;
  /// - the entry has the key's arity, one handler per registration, its
  ///   registrations in call order when it says they are, and a contract's
  ///   fold as its declared fold;
  /// - a published snapshot is the entry's (the key's text, the same
  ///   registrations, one handler and one service each) and is not marked
  ///   retired.
  func violation(at slot: Int) -> String? {
    let key = keys[slot]
    guard index.id(of: key.description) == slot else {
      return "the text map does not find \(key) at slot \(slot)"
    }
    guard slots.slot(of: key.id) == slot else {
      return "the key map does not find \(key) at slot \(slot)"
    }
    let entry = entries[slot]
    guard entry.arity == key.arity else {
      return "the entry of \(key) has arity \(entry.arity); expected \(key.arity)"
    }
    guard entry.registrations.count == entry.handlerCount else {
      return "the entry of \(key) has \(entry.registrations.count) registrations and "
        + "\(entry.handlerCount) handlers; expected one handler per registration"
    }
    if entry.isSorted,
      let index = entry.registrations.indices.dropFirst().first(where: {
        entry.registrations[$0].runsBefore(entry.registrations[$0 - 1])
      })
    {
      return "the entry of \(key) says it is in call order, but registration \(index) "
        + "runs before the one ahead of it"
    }
    if let contract = entry.contract, entry.declaredFold != contract.entry.fold {
      return "the entry of \(key) declares a fold other than its contract's"
    }
    guard let snapshot = published[slot] else { return nil }
    guard snapshot.selector == key.description,
      snapshot.registrations.map(\.sequence) == entry.registrations.map(\.sequence),
      snapshot.handlers.count == snapshot.registrations.count,
      snapshot.services.count == snapshot.registrations.count
    else {
      return "the published snapshot of \(key) is not its entry's"
    }
    guard csd_readers_retired(snapshot.readers.unsafelyUnwrapped) == 0 else {
      return "the published snapshot of \(key) is marked retired"
    }
    return nil
  }
}

// Per-thread state and the lock for SelectorDispatch's hot path, in C
// because Swift has no thread-local variables below iOS 18 / macOS 15 short
// of pthread_getspecific (a call per access), and no atomics below them
// either. C11 `_Thread_local` compiles to one load or store relative to the
// thread pointer.
#ifndef C_SELECTOR_DISPATCH_H
#define C_SELECTOR_DISPATCH_H

#include <stdatomic.h>
#include <stdint.h>

#if !defined(__linux__)
#include <pthread.h>
#endif

// MARK: The lock

/// The lock of `Locked` (the dispatch table and the package's other shared
/// state). On Linux, one word taken with one atomic compare-and-swap when it
/// is free, and a futex to sleep on when it is not (the mutex of Drepper's
/// "Futexes Are Tricky"): a free lock costs a few inlined instructions
/// instead of calls into `pthread_mutex_lock` and `_unlock`. Elsewhere
/// (Apple platforms, which have no public futex) a `pthread_mutex_t`, as
/// before. Not recursive; never held while user code runs.
#if defined(__linux__)
typedef struct {
  /// 0: free; 1: held; 2: held, and a thread may be sleeping on it.
  _Atomic(uint32_t) word;
} csd_lock_t;

/// Sleeps until `lock` is free and takes it: the contended path of
/// `csd_lock`.
void csd_lock_wait(csd_lock_t *_Nonnull lock);

/// Wakes one thread sleeping on `lock`: the contended path of `csd_unlock`.
void csd_lock_wake(csd_lock_t *_Nonnull lock);
#else
typedef pthread_mutex_t csd_lock_t;
#endif

/// Makes `lock` a free lock.
static inline void csd_lock_init(csd_lock_t *_Nonnull lock) {
#if defined(__linux__)
  atomic_init(&lock->word, 0);
#else
  pthread_mutex_init(lock, 0);
#endif
}

/// Frees what `lock` holds; it must not be held.
static inline void csd_lock_destroy(csd_lock_t *_Nonnull lock) {
#if defined(__linux__)
  (void)lock;
#else
  pthread_mutex_destroy(lock);
#endif
}

/// Takes `lock`, waiting while another thread holds it.
static inline void csd_lock(csd_lock_t *_Nonnull lock) {
#if defined(__linux__)
  uint32_t free = 0;
  if (!atomic_compare_exchange_strong_explicit(
          &lock->word, &free, 1, memory_order_acquire, memory_order_relaxed)) {
    csd_lock_wait(lock);
  }
#else
  pthread_mutex_lock(lock);
#endif
}

/// Gives `lock` back; the calling thread must hold it.
static inline void csd_unlock(csd_lock_t *_Nonnull lock) {
#if defined(__linux__)
  if (atomic_exchange_explicit(&lock->word, 0, memory_order_release) == 2) csd_lock_wake(lock);
#else
  pthread_mutex_unlock(lock);
#endif
}

// MARK: A snapshot's readers

/// How many synchronous dispatches are reading one published snapshot of
/// the dispatch table, and whether a change has retired it (taken it out of
/// the table): one word, so that the last reader to end and the change
/// that retires the snapshot agree on which of them drops it (see
/// `Dispatcher+Reading.swift`). Readers begin only under the table's lock,
/// and only on a published snapshot; they end without it.
typedef struct {
  /// The count of readers, with `CSD_RETIRED` set once retired.
  _Atomic(uintptr_t) word;
} csd_readers_t;

/// The bit of `csd_readers_t` that says the snapshot was retired.
#define CSD_RETIRED ((uintptr_t)1 << (sizeof(uintptr_t) * 8 - 1))

/// Makes `readers` a count of none, not retired.
static inline void csd_readers_init(csd_readers_t *_Nonnull readers) {
  atomic_init(&readers->word, 0);
}

/// Counts one more reader. Under the table's lock, of a published snapshot.
static inline void csd_readers_begin(csd_readers_t *_Nonnull readers) {
  atomic_fetch_add_explicit(&readers->word, 1, memory_order_relaxed);
}

/// Counts one reader fewer; returns 1 when it was the last reader of a
/// retired snapshot, which the caller must then drop (the table keeps it in
/// `retiredWhileRead`), and 0 otherwise. Release: the reader's reads of the snapshot
/// happen before whoever drops it sees the count fall.
static inline int csd_readers_end(csd_readers_t *_Nonnull readers) {
  return atomic_fetch_sub_explicit(&readers->word, 1, memory_order_acq_rel) == (CSD_RETIRED | 1);
}

/// Marks the snapshot retired; returns 1 when no reader is reading it (the
/// caller may drop it now) and 0 when some are (it is kept until the last
/// one ends). Under the table's lock.
static inline int csd_readers_retire(csd_readers_t *_Nonnull readers) {
  return (atomic_fetch_or_explicit(&readers->word, CSD_RETIRED, memory_order_acq_rel) &
          ~CSD_RETIRED) == 0;
}

/// Whether the snapshot was retired, for the table's invariant checks.
/// Under the table's lock.
static inline int csd_readers_retired(csd_readers_t *_Nonnull readers) {
  return (atomic_load_explicit(&readers->word, memory_order_acquire) & CSD_RETIRED) != 0;
}

/// Whether a retired snapshot's readers have all ended. Under the table's
/// lock.
static inline int csd_readers_gone(csd_readers_t *_Nonnull readers) {
  return atomic_load_explicit(&readers->word, memory_order_acquire) == CSD_RETIRED;
}

// MARK: Per-thread state

/// The nesting depth of the innermost synchronous dispatch under way on
/// this thread, counted along its whole chain (see `Nesting.swift`); 0 when
/// none is.
extern _Thread_local intptr_t csd_depth;

/// How many `Nesting.TaskDepth`s exist in the process: while none does, no
/// task carries a nesting depth, and a synchronous dispatch need not ask.
extern _Atomic(intptr_t) csd_task_depths;

/// Counts a `Nesting.TaskDepth` made (`+1`) or freed (`-1`).
static inline void csd_task_depths_add(intptr_t change) {
  atomic_fetch_add_explicit(&csd_task_depths, change, memory_order_relaxed);
}

/// Whether any `Nesting.TaskDepth` exists. Relaxed is enough: a task that
/// holds one made it (or inherited it) before any of its code ran here.
static inline int csd_task_depths_exist(void) {
  return atomic_load_explicit(&csd_task_depths, memory_order_relaxed) != 0;
}

/// This thread's params buffer when no dispatch is using it, else NULL.
extern _Thread_local void *_Nullable csd_spare;

/// This thread's own params buffer once it has one, or `csd_home_gone`
/// once the thread's exit has freed it: a dispatch from a later thread-exit
/// destructor (another library's, or an autorelease pool draining) then
/// finds no spare, makes a buffer of its own and frees it when it ends.
extern _Thread_local void *_Nullable csd_home;

/// What `csd_home` holds after the thread's exit freed its buffer: an
/// address no buffer has.
extern char csd_home_gone;

/// This thread's `csd_depth`.
static inline intptr_t csd_depth_get(void) { return csd_depth; }

/// Sets this thread's `csd_depth`.
static inline void csd_depth_set(intptr_t depth) { csd_depth = depth; }

/// Takes this thread's spare params buffer, leaving NULL in its place.
static inline void *_Nullable csd_take_spare(void) {
  void *spare = csd_spare;
  csd_spare = 0;
  return spare;
}

/// Puts `buffer` back as this thread's spare if it is the thread's own
/// buffer; returns 0 if it is not (the caller frees it).
static inline int csd_give_back(void *_Nonnull buffer) {
  if (buffer != csd_home) return 0;
  csd_spare = buffer;
  return 1;
}

/// Whether this thread has its own buffer, or had one and is exiting.
static inline int csd_has_home(void) { return csd_home != 0; }

/// Makes `buffer` this thread's own; `destroy(buffer)` runs when the thread
/// exits, after `csd_home` and `csd_spare` stop pointing at it.
void csd_adopt_home(void *_Nonnull buffer, void (*_Nonnull destroy)(void *_Nonnull));

// MARK: The main thread

/// 0 until this thread asked `csd_is_main_thread`, then 1 on the main
/// thread and 2 elsewhere.
extern _Thread_local int csd_main;

/// Answers `csd_is_main_thread` the first time a thread asks.
int csd_find_main_thread(void);

/// Whether this is the process's main thread, where the main actor runs:
/// what a main-actor handler checks before it runs, instead of trapping
/// in `MainActor.assumeIsolated`. One thread-local load after the first
/// call on a thread (on Linux the first is a `gettid` system call).
static inline int csd_is_main_thread(void) {
  int main = csd_main;
  return main != 0 ? main == 1 : csd_find_main_thread();
}

#endif

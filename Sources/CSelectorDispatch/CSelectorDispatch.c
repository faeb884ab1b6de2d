#include "CSelectorDispatch.h"

#include <pthread.h>
#include <stdatomic.h>

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

// Marks the lock contended (2) and sleeps while it stays held; whoever
// gives it back sees the 2 and wakes a sleeper. Taking it with 2 rather
// than 1 may cost one needless wake later, never a lost one.
void csd_lock_wait(csd_lock_t *lock) {
  while (atomic_exchange_explicit(&lock->word, 2, memory_order_acquire) != 0) {
    syscall(SYS_futex, &lock->word, FUTEX_WAIT_PRIVATE, 2, 0, 0, 0);
  }
}

void csd_lock_wake(csd_lock_t *lock) {
  syscall(SYS_futex, &lock->word, FUTEX_WAKE_PRIVATE, 1, 0, 0, 0);
}
#endif

_Thread_local intptr_t csd_depth = 0;
_Atomic(intptr_t) csd_task_depths = 0;
_Thread_local void *csd_spare = 0;
_Thread_local void *csd_home = 0;
char csd_home_gone;

static pthread_key_t home_key;
static pthread_once_t home_key_once = PTHREAD_ONCE_INIT;
typedef void (*destroy_function)(void *);
static _Atomic(destroy_function) destroy_home = 0;

// Runs on the exiting thread, whose `_Thread_local` variables outlive its
// pthread key destructors. Nothing may point at the buffer once it is freed.
static void destroy_at_exit(void *buffer) {
  csd_spare = 0;
  csd_home = &csd_home_gone;
  destroy_function destroy = atomic_load_explicit(&destroy_home, memory_order_acquire);
  if (destroy) destroy(buffer);
}

static void make_home_key(void) { pthread_key_create(&home_key, destroy_at_exit); }

void csd_adopt_home(void *buffer, void (*destroy)(void *)) {
  pthread_once(&home_key_once, make_home_key);
  atomic_store_explicit(&destroy_home, destroy, memory_order_release);
  csd_home = buffer;
  pthread_setspecific(home_key, buffer);
}

_Thread_local int csd_main = 0;

int csd_find_main_thread(void) {
#if defined(__linux__)
  int is_main = getpid() == (pid_t)syscall(SYS_gettid);
#else
  int is_main = pthread_main_np() != 0;
#endif
  csd_main = is_main ? 1 : 2;
  return is_main;
}

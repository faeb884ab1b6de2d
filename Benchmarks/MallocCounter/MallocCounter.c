// Counts heap allocations by interposing the allocator's entry points.
//
// The executable defines malloc and friends; the dynamic linker resolves
// every library's calls to them (the Swift runtime's swift_slowAlloc
// included) to these definitions, which count and forward to glibc's own
// implementation through its exported __libc_* names. free is not replaced:
// glibc's free releases what __libc_malloc returned.
//
// Only on Linux with glibc. Elsewhere the counter reports itself inactive and
// the benchmark prints "n/a".

#include "MallocCounter.h"

#include <errno.h>  // also defines __GLIBC__ through <features.h> on glibc
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static long long allocations;

static inline void count(void) {
  __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
  count();
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count();
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  count();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) {
    return ENOMEM;
  }
  *result = pointer;
  return 0;
}

int malloc_counter_is_active(void) { return 1; }

long long malloc_counter_allocations(void) {
  return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

#else

int malloc_counter_is_active(void) { return 0; }

long long malloc_counter_allocations(void) { return -1; }

#endif

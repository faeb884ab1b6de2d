#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// Whether this build counts heap allocations: 1 on Linux with glibc, where
/// the functions below replace the allocator's entry points; 0 elsewhere.
int malloc_counter_is_active(void);

/// The number of heap allocations since the process started: calls to
/// malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign, from
/// any thread. -1 when counting is not active.
long long malloc_counter_allocations(void);

#endif

#ifndef ROSTER_CSQLITE_SHIM_H
#define ROSTER_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
/// Binding text or blobs with it makes SQLite copy the bytes before the call returns.
static inline sqlite3_destructor_type roster_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// SQLITE_STATIC: the caller keeps the bytes alive until the statement is reset or rebound.
static inline sqlite3_destructor_type roster_sqlite_static(void) {
    return SQLITE_STATIC;
}

/// Turns off SQLite's count of the memory it uses, before the library's first use (it
/// is refused after). The count takes one process-wide mutex on every allocation,
/// which serializes connections working at once on different threads. sqlite3_config
/// is variadic, which Swift cannot call.
static inline int roster_sqlite_stop_memory_count(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif

#ifndef ROSTER_CPOSTGRES_SHIM_H
#define ROSTER_CPOSTGRES_SHIM_H

// libpq, PostgreSQL's client library (Debian's libpq-dev), for the PostgreSQL store only.
#include <libpq-fe.h>

#endif

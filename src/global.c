/* global.c - version check, library control and memory
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The library-wide calls of the API: bcry_check_version, bcry_control
 * and the allocation handlers, which every allocation of the library
 * goes through, as in libgcrypt.
 */

#include <config.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include "bulkcrypt-int.h"

static bcry_handler_alloc_t alloc_func;
static bcry_handler_alloc_t alloc_secure_func;
static bcry_handler_secure_check_t is_secure_func;
static bcry_handler_realloc_t realloc_func;
static bcry_handler_free_t free_func;

static int initialization_finished;
/* The two flags below are set and read atomically, as any thread may
   call the functions that do.  ANY_INITIALIZATION is set by the first
   bcry_check_version or bcry_control call that is not a query, as
   libgcrypt's global initialisation is; NO_SECURE_MEMORY by
   BCRYCTL_DISABLE_SECMEM, after which secure handles come from plain
   memory.  */
static int any_initialization;
static int no_secure_memory;

/* Parse "MAJOR.MINOR.MICRO" leniently: missing parts are zero.  */
static const char *
parse_version (const char *s, int *major, int *minor, int *micro)
{
  int *part[3] = { major, minor, micro };
  int i;

  *major = *minor = *micro = 0;
  for (i = 0; i < 3; i++)
    {
      if (*s < '0' || *s > '9')
        return i ? s : NULL;
      for (; *s >= '0' && *s <= '9'; s++)
        *part[i] = *part[i] * 10 + (*s - '0');
      if (*s != '.')
        return s;
      s++;
    }
  return s;
}

const char *
bcry_check_version (const char *req_version)
{
  int my[3], rq[3], i;

  __atomic_store_n (&any_initialization, 1, __ATOMIC_RELAXED);
  if (!req_version)
    return BULKCRYPT_VERSION;
  parse_version (BULKCRYPT_VERSION, &my[0], &my[1], &my[2]);
  if (!parse_version (req_version, &rq[0], &rq[1], &rq[2]))
    return NULL;
  for (i = 0; i < 3; i++)
    if (my[i] != rq[i])
      return my[i] > rq[i] ? BULKCRYPT_VERSION : NULL;
  return BULKCRYPT_VERSION;
}

const char *
bcry_strerror (gpg_error_t err)
{
  return gpg_strerror (err);
}

const char *
bcry_strsource (gpg_error_t err)
{
  return gpg_strsource (err);
}

gpg_error_t
bcry_control (enum bcry_ctl_cmds cmd, ...)
{
  gpg_err_code_t rc = 0;
  va_list ap;

  va_start (ap, cmd);
  switch (cmd)
    {
    case BCRYCTL_DISABLE_HWF:
      rc = _bcry_disable_hw_feature (va_arg (ap, const char *));
      break;
    case BCRYCTL_SELFTEST:
      rc = _bcry_cipher_selftest_all ();
      break;
    case BCRYCTL_INITIALIZATION_FINISHED:
      initialization_finished = 1;
      break;
    case BCRYCTL_INITIALIZATION_FINISHED_P:
      rc = initialization_finished ? GPG_ERR_GENERAL : 0;
      break;
    case BCRYCTL_ANY_INITIALIZATION_P:
      rc = (__atomic_load_n (&any_initialization, __ATOMIC_RELAXED)
            || _bcry_hwf_frozen ()) ? GPG_ERR_GENERAL : 0;
      break;
    /* There is no pool of locked memory to set up, size or warn about
       (the manual's chapter "Memory"); the commands succeed so that a
       libgcrypt program's start-up code runs unchanged.  */
    case BCRYCTL_INIT_SECMEM:
    case BCRYCTL_TERM_SECMEM:
    case BCRYCTL_DISABLE_SECMEM_WARN:
    case BCRYCTL_SUSPEND_SECMEM_WARN:
    case BCRYCTL_RESUME_SECMEM_WARN:
      break;
    case BCRYCTL_DISABLE_SECMEM:
      __atomic_store_n (&no_secure_memory, 1, __ATOMIC_RELAXED);
      break;
    default:
      rc = GPG_ERR_INV_OP;
      break;
    }
  va_end (ap);
  if (rc != GPG_ERR_INV_OP && cmd != BCRYCTL_INITIALIZATION_FINISHED_P
      && cmd != BCRYCTL_ANY_INITIALIZATION_P)
    __atomic_store_n (&any_initialization, 1, __ATOMIC_RELAXED);
  return bcry_err (rc);
}

void
bcry_set_allocation_handler (bcry_handler_alloc_t new_alloc_func,
                             bcry_handler_alloc_t new_alloc_secure_func,
                             bcry_handler_secure_check_t new_is_secure_func,
                             bcry_handler_realloc_t new_realloc_func,
                             bcry_handler_free_t new_free_func)
{
  alloc_func = new_alloc_func;
  alloc_secure_func = new_alloc_secure_func;
  is_secure_func = new_is_secure_func;
  realloc_func = new_realloc_func;
  free_func = new_free_func;
}

/* SECURE asks for the caller's secure allocator; without one, or after
   BCRYCTL_DISABLE_SECMEM, the block comes from plain memory, and is
   wiped before it is freed either way.  */
void *
_bcry_malloc (size_t n, int secure)
{
  if (secure && alloc_secure_func
      && !__atomic_load_n (&no_secure_memory, __ATOMIC_RELAXED))
    return alloc_secure_func (n);
  if (alloc_func)
    return alloc_func (n);
  return malloc (n);
}

void
_bcry_free (void *p)
{
  int save_errno;

  if (!p)
    return;
  save_errno = errno;
  if (free_func)
    free_func (p);
  else
    free (p);
  errno = save_errno;
}

/* A call through a volatile pointer, which the compiler cannot prove
   to be memset and so cannot drop as a dead store.  */
static void *(*const volatile memset_ptr) (void *, int, size_t) = memset;

void
_bcry_wipe (void *p, size_t n)
{
  if (p && n)
    memset_ptr (p, 0, n);
}

/* qemu-insn-count.c - a qemu TCG plugin counting guest instructions
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A measuring tool, not part of the library: loaded into qemu-user
 * (qemu-aarch64 -plugin FILE, or QEMU_PLUGIN=file=FILE for programs
 * that binfmt_misc starts), it counts every guest instruction executed,
 * with an inline addition per translation block, and hands the count to
 * the guest program when the program asks for it: a system call of
 * number INSN_COUNT_SYSCALL (no Linux system call; qemu answers ENOSYS
 * to the guest after the plugin has seen it) makes the plugin write the
 * 8-byte count, in host order, to the file descriptor in the call's
 * first argument, usually a pipe the guest then reads
 * (tests/bench-slope --count-insns).  qemu-user's guest descriptors
 * are the host's, so no translation is needed.  At exit it prints the
 * total, which qemu shows with -d plugin.  It targets the plugin API
 * version 1 of qemu 7.2 (Debian 12), which ships no qemu-plugin.h: the
 * few declarations it needs are written out below from the API's
 * documentation.  The counter is one plain variable, exact for a
 * single-threaded guest, which is what it measures.
 */

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

/* Must match tests/bench-slope.c.  */
#define INSN_COUNT_SYSCALL 0x1c0de

#define EXPORT __attribute__ ((visibility ("default")))

/* The plugin API of qemu 7.2 (QEMU_PLUGIN_VERSION 1).  */
typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct
{
  const char *target_name;
  struct
  {
    int min;
    int cur;
  } version;
  bool system_emulation;
  /* A union of system-mode fields follows, which is not read here.  */
} qemu_info_t;

enum qemu_plugin_op
{
  QEMU_PLUGIN_INLINE_ADD_U64
};

typedef void (*qemu_plugin_vcpu_tb_trans_cb_t) (qemu_plugin_id_t id,
                                                struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t) (qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_syscall_cb_t) (qemu_plugin_id_t id,
                                               unsigned int vcpu_index,
                                               int64_t num, uint64_t a1,
                                               uint64_t a2, uint64_t a3,
                                               uint64_t a4, uint64_t a5,
                                               uint64_t a6, uint64_t a7,
                                               uint64_t a8);

void qemu_plugin_register_vcpu_tb_trans_cb (qemu_plugin_id_t id,
                                            qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns (const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline (struct qemu_plugin_tb *tb,
                                               enum qemu_plugin_op op,
                                               void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_syscall_cb (qemu_plugin_id_t id,
                                           qemu_plugin_vcpu_syscall_cb_t cb);
void qemu_plugin_register_atexit_cb (qemu_plugin_id_t id,
                                     qemu_plugin_udata_cb_t cb,
                                     void *userdata);
void qemu_plugin_outs (const char *string);

EXPORT int qemu_plugin_version = 1;

static uint64_t insn_count;

/* Each block adds its length as it starts, so a count read at a system
   call includes the whole block that made it: the call ends its block.  */
static void
tb_trans (qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
  (void) id;
  qemu_plugin_register_vcpu_tb_exec_inline (tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                            &insn_count,
                                            qemu_plugin_tb_n_insns (tb));
}

static void
on_syscall (qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num,
            uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5,
            uint64_t a6, uint64_t a7, uint64_t a8)
{
  uint64_t count = insn_count;

  (void) id, (void) vcpu_index, (void) a2, (void) a3, (void) a4;
  (void) a5, (void) a6, (void) a7, (void) a8;
  if (num == INSN_COUNT_SYSCALL && a1 <= INT_MAX
      && write ((int) a1, &count, sizeof count) != sizeof count)
    qemu_plugin_outs ("qemu-insn-count: cannot write the count\n");
}

static void
at_exit (qemu_plugin_id_t id, void *userdata)
{
  char line[64];

  (void) id, (void) userdata;
  snprintf (line, sizeof line, "insns: %" PRIu64 "\n", insn_count);
  qemu_plugin_outs (line);
}

EXPORT int
qemu_plugin_install (qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                     char **argv)
{
  (void) argv;
  /* The guest's descriptors are qemu's own only in user mode.  */
  if (info->system_emulation || argc)
    return -1;
  qemu_plugin_register_vcpu_tb_trans_cb (id, tb_trans);
  qemu_plugin_register_vcpu_syscall_cb (id, on_syscall);
  qemu_plugin_register_atexit_cb (id, at_exit, NULL);
  return 0;
}

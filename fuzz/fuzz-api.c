/* fuzz-api.c - libFuzzer target: any sequence of cipher calls
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The input is a program of bcry_cipher_* calls with arguments right
 * and wrong (fuzz-prog.c); every call's result is checked against the
 * manual, and every message against its decryption and its split
 * into several calls.
 */

#include <config.h>
#include "fuzz-prog.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  fuzz_run (data, size, -1, NULL);
  return 0;
}

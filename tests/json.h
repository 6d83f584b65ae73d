/* json.h - a small JSON reader for the test programs
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Reads a JSON document (RFC 8259) such as Project Wycheproof's test
 * vector files into a tree.  Objects, arrays, strings (with their
 * escapes, characters of the Basic Multilingual Plane only), numbers,
 * true, false and null: what test data needs, no more.
 */

#ifndef JSON_H
#define JSON_H

#include <stddef.h>

enum jtype { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ };

/* An object's members and an array's elements are the chain FIRST ->
   NEXT, in the order of the text.  */
typedef struct jnode
{
  enum jtype type;
  char *key;                    /* Member name inside an object.  */
  char *str;                    /* J_STR, NUL-terminated.  */
  double num;                   /* J_NUM.  */
  struct jnode *first, *next;
} jnode;

/* The document in the file PATH; NULL after printing why not.  */
jnode *json_load (const char *path);
void json_free (jnode *n);

/* The member KEY of object OBJ if it has type TYPE, else NULL.  */
const jnode *json_get (const jnode *obj, const char *key, enum jtype type);
/* Its string, or NULL.  */
const char *json_str (const jnode *obj, const char *key);
/* Its number as an integer, or -1 (also when beyond 32 bits).  */
long json_int (const jnode *obj, const char *key);
/* Its hex string decoded into a new buffer of *LEN bytes and SPARE more
   (an absent member is empty); NULL if it is not hex.  */
unsigned char *json_hex (const jnode *obj, const char *key, size_t spare,
                         size_t *len);

#endif /* JSON_H */

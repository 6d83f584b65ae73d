/* json.c - a small JSON reader for the test programs
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RFC 8259, as far as test data needs it (see json.h).  The file is read
 * whole and ends in a NUL, which stops every scan; json_load refuses a
 * NUL inside the text.  Recursive descent, with a depth limit so that a
 * broken file cannot exhaust the stack.
 */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"

/* Far deeper than any test file nests.  */
#define MAX_DEPTH 32

typedef struct
{
  const char *p;
  const char *err;              /* Why parsing stopped, or NULL.  */
} jparser;

static jnode *parse_value (jparser *ps, int depth);

void
json_free (jnode *n)
{
  while (n)
    {
      jnode *next = n->next;

      json_free (n->first);
      free (n->key);
      free (n->str);
      free (n);
      n = next;
    }
}

static void
skip_space (jparser *ps)
{
  while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
    ps->p++;
}

static int
hex_digit (int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* The character after a backslash, as UTF-8 into *OUT; 0 if it is
   malformed.  The files have no characters outside the BMP, so a
   surrogate is refused rather than paired.  */
static int
parse_escape (jparser *ps, char **out)
{
  static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
  const char *e = *ps->p ? strchr (from, *ps->p) : NULL;
  unsigned long u = 0;
  int i, d;

  if (*ps->p++ != 'u')
    {
      if (e)
        *(*out)++ = to[e - from];
      return e != NULL;
    }
  for (i = 0; i < 4; i++)
    {
      if ((d = hex_digit ((unsigned char)*ps->p++)) < 0)
        return 0;
      u = u << 4 | d;
    }
  if (!u || (u >= 0xd800 && u <= 0xdfff))
    return 0;
  if (u < 0x80)
    *(*out)++ = (char)u;
  else if (u < 0x800)
    *(*out)++ = (char)(0xc0 | u >> 6);
  else
    {
      *(*out)++ = (char)(0xe0 | u >> 12);
      *(*out)++ = (char)(0x80 | (u >> 6 & 0x3f));
    }
  if (u >= 0x80)
    *(*out)++ = (char)(0x80 | (u & 0x3f));
  return 1;
}

/* A string at PS->p (the opening quote), decoded into a new buffer;
   its raw length bounds the decoded one.  */
static char *
parse_string (jparser *ps)
{
  const char *q;
  char *buf, *out;

  for (q = ++ps->p; *q && *q != '"'; q++)
    if (*q == '\\' && q[1])
      q++;
  buf = out = *q ? malloc (q - ps->p + 1) : NULL;
  while (buf && ps->p < q)
    {
      unsigned char ch = *ps->p++;

      if (ch == '\\' ? !parse_escape (ps, &out) : ch < 0x20)
        {
          free (buf);
          buf = NULL;
        }
      else if (ch != '\\')
        *out++ = (char)ch;
    }
  if (!buf)
    {
      ps->err = *q ? "bad string" : "unterminated string";
      return NULL;
    }
  *out = 0;
  ps->p = q + 1;
  return buf;
}

/* The elements of an array or the members of an object, at PS->p (its
   opening bracket), into N.  */
static void
parse_container (jparser *ps, jnode *n, int depth)
{
  char close = n->type == J_OBJ ? '}' : ']';
  jnode **tail = &n->first;
  char *key = NULL;

  ps->p++;
  skip_space (ps);
  if (*ps->p == close)
    {
      ps->p++;
      return;
    }
  for (;;)
    {
      skip_space (ps);
      if (n->type == J_OBJ)
        {
          if (*ps->p != '"' || !(key = parse_string (ps)))
            break;
          skip_space (ps);
          if (*ps->p != ':')
            break;
          ps->p++;
        }
      if (!(*tail = parse_value (ps, depth + 1)))
        break;
      (*tail)->key = key;
      key = NULL;
      tail = &(*tail)->next;
      skip_space (ps);
      if (*ps->p != ',' && *ps->p != close)
        break;
      if (*ps->p++ == close)
        return;
    }
  free (key);
  if (!ps->err)
    ps->err = n->type == J_OBJ ? "malformed object" : "malformed array";
}

/* A number at PS->p: the JSON grammar checked here, since strtod takes
   more (hex, "inf", a leading "+").  */
static int
parse_number (jparser *ps, double *num)
{
  const char *q = ps->p + (*ps->p == '-');
  char *end;

  if (*q < '0' || *q > '9')
    return 0;
  while ((*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' || *q == 'E'
         || *q == '+' || *q == '-')
    q++;
  *num = strtod (ps->p, &end);
  ps->p = end;
  return end == q;
}

static jnode *
parse_value (jparser *ps, int depth)
{
  static const char *const words[] = { "null", "false", "true" };
  jnode *n = calloc (1, sizeof *n);
  int ok = 1;

  skip_space (ps);
  if (!n || depth > MAX_DEPTH)
    {
      ps->err = n ? "nested too deeply" : "out of memory";
      free (n);
      return NULL;
    }
  if (*ps->p == '{' || *ps->p == '[')
    {
      n->type = *ps->p == '{' ? J_OBJ : J_ARR;
      parse_container (ps, n, depth);
    }
  else if (*ps->p == '"')
    {
      n->type = J_STR;
      n->str = parse_string (ps);
    }
  else if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))
    {
      n->type = J_NUM;
      ok = parse_number (ps, &n->num);
    }
  else
    {
      for (n->type = J_NULL; n->type <= J_TRUE; n->type++)
        if (!strncmp (ps->p, words[n->type], strlen (words[n->type])))
          break;
      ok = n->type <= J_TRUE;
      if (ok)
        ps->p += strlen (words[n->type]);
    }
  if (!ok && !ps->err)
    ps->err = "value expected";
  if (ps->err)
    {
      json_free (n);
      return NULL;
    }
  return n;
}

jnode *
json_load (const char *path)
{
  jparser ps = { NULL, NULL };
  jnode *root = NULL;
  char *buf = NULL;
  long size = 0;
  FILE *fp;

  fp = fopen (path, "rb");
  if (!fp || fseek (fp, 0, SEEK_END) || (size = ftell (fp)) < 0
      || fseek (fp, 0, SEEK_SET) || !(buf = malloc (size + 1))
      || fread (buf, 1, size, fp) != (size_t)size)
    ps.err = "cannot read the file";
  if (fp)
    fclose (fp);
  if (!ps.err)
    {
      buf[size] = 0;
      ps.p = buf;
      root = parse_value (&ps, 0);
      if (root)
        skip_space (&ps);
      if (root && ps.p != buf + size)
        ps.err = "text after the document";
    }
  if (ps.err)
    {
      printf ("%s: %s", path, ps.err);
      if (ps.p)
        printf (" (at byte %ld)", (long)(ps.p - buf));
      printf ("\n");
      json_free (root);
      root = NULL;
    }
  free (buf);
  return root;
}

const jnode *
json_get (const jnode *obj, const char *key, enum jtype type)
{
  const jnode *n;

  for (n = obj ? obj->first : NULL; n; n = n->next)
    if (n->key && !strcmp (n->key, key))
      return n->type == type ? n : NULL;
  return NULL;
}

const char *
json_str (const jnode *obj, const char *key)
{
  const jnode *n = json_get (obj, key, J_STR);

  return n ? n->str : NULL;
}

long
json_int (const jnode *obj, const char *key)
{
  const jnode *n = json_get (obj, key, J_NUM);

  /* Converting a double outside the range of long is undefined.  */
  return n && n->num > -2147483648.0 && n->num < 2147483648.0
    ? (long)n->num : -1;
}

unsigned char *
json_hex (const jnode *obj, const char *key, size_t spare, size_t *len)
{
  const char *s = json_str (obj, key);
  size_t i, n = s ? strlen (s) : 0;
  unsigned char *b = malloc (n / 2 + spare + 1);
  int hi, lo;

  for (i = 0; b && i < n; i += 2)
    {
      hi = hex_digit ((unsigned char)s[i]);
      lo = i + 1 < n ? hex_digit ((unsigned char)s[i + 1]) : -1;
      if (hi < 0 || lo < 0)
        {
          free (b);
          return NULL;
        }
      b[i / 2] = (unsigned char)(hi << 4 | lo);
    }
  *len = n / 2;
  return b;
}

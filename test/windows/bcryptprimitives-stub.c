/*
 * Wine 8.0 (Debian 12) has no bcryptprimitives.dll, which the keyring binding imports for ProcessPrng (Rust's std
 * draws its random numbers from it since 1.78): without it the binding does not load under Wine, and inv uses the
 * file. This stand-in, put into a Wine prefix's system32, lets the binding load, so that the Credential Manager path
 * can be tried under Wine (docs/decisions.md, 32). For that experiment only; it is not part of inv.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives-stub.c -ladvapi32
 *   cp bcryptprimitives.dll "$WINEPREFIX/drive_c/windows/system32/"
 */
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
  while (len > 0) {
    ULONG chunk = len > 0x10000000 ? 0x10000000 : (ULONG)len;
    if (!RtlGenRandom(data, chunk)) return FALSE;
    data += chunk;
    len -= chunk;
  }
  return TRUE;
}

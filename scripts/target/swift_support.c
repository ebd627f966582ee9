/* What Embedded Swift's runtime calls that newlib does not have:
   posix_memalign (newlib has memalign). */
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

int posix_memalign(void **pointer, size_t alignment, size_t size);

int posix_memalign(void **pointer, size_t alignment, size_t size)
{
    void *p = memalign(alignment < sizeof(void *) ? sizeof(void *) : alignment, size);
    if (p == NULL) return ENOMEM;
    *pointer = p;
    return 0;
}

/* Embedded Swift seeds its Hasher from arc4random_buf; newlib's needs
   getentropy, and QEMU's mps2-an386 has no entropy source. The filters hash
   nothing they run with: a fixed sequence (xorshift32) is enough here. */
void arc4random_buf(void *buffer, size_t count);

void arc4random_buf(void *buffer, size_t count)
{
    static unsigned int state = 2463534242u;
    unsigned char *out = buffer;
    for (size_t i = 0; i < count; i++) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        out[i] = (unsigned char)state;
    }
}

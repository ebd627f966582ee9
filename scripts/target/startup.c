/* Minimal bare-metal start for QEMU's mps2-an386 (Cortex-M4F): a vector table
   at 0x0 (initial stack pointer, reset handler, faults), the FPU enabled
   before any floating-point code, .bss zeroed, newlib's semihosting opened,
   then main; its return value is the exit status QEMU reports. */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

extern uint32_t __bss_start__[], __bss_end__[], __stack_top[];
extern int main(void);
extern void initialise_monitor_handles(void);
extern void __libc_init_array(void);

void reset_handler(void);
void fault_handler(void);

__attribute__((section(".vectors"), used))
static void (*const vectors[16])(void) = {
    (void (*)(void))__stack_top, reset_handler,
    fault_handler, fault_handler, fault_handler, fault_handler, fault_handler,
};

/* The FPU is off at reset: CPACR (0xE000ED88) bits 20-23 give CP10 and CP11
   full access. Nothing here may touch a floating-point register before it. */
__attribute__((noreturn)) void reset_handler(void)
{
    volatile uint32_t *cpacr = (volatile uint32_t *)0xE000ED88u;
    *cpacr |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    for (uint32_t *p = __bss_start__; p < __bss_end__; p++) *p = 0;
    initialise_monitor_handles();
    __libc_init_array();
    exit(main());
}

/* A fault ends the run with status 3 rather than hanging until the timeout. */
__attribute__((noreturn)) void fault_handler(void)
{
    _exit(3);
}

/* newlib's __libc_init_array calls these; crt0 is not linked (-nostartfiles). */
void _init(void) {}
void _fini(void) {}

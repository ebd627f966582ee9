/* CMSIS-DSP's float biquad cascades, written out: the loops of
   arm_biquad_cascade_df1_f32 and arm_biquad_cascade_df2T_f32 (stage by stage
   over the block, the same operations in the same order), without the
   library. Coefficients {b0, b1, b2, a1, a2} per stage, feedback added. */
#ifndef CMSIS_BIQUAD_H
#define CMSIS_BIQUAD_H

typedef float float32_t;

/* df1: state {x[n-1], x[n-2], y[n-1], y[n-2]} per stage. */
static inline void biquad_df1(const float32_t *coefficients, int stages, float32_t *state,
                       const float32_t *in, float32_t *out, int count)
{
    const float32_t *x = in;
    for (int k = 0; k < stages; k++, coefficients += 5, state += 4) {
        float32_t b0 = coefficients[0], b1 = coefficients[1], b2 = coefficients[2];
        float32_t a1 = coefficients[3], a2 = coefficients[4];
        float32_t x1 = state[0], x2 = state[1], y1 = state[2], y2 = state[3];
        for (int n = 0; n < count; n++) {
            float32_t xn = x[n];
            float32_t acc = b0 * xn + b1 * x1 + b2 * x2 + a1 * y1 + a2 * y2;
            x2 = x1; x1 = xn; y2 = y1; y1 = acc;
            out[n] = acc;
        }
        state[0] = x1; state[1] = x2; state[2] = y1; state[3] = y2;
        x = out;
    }
}

/* df2T: state {d1, d2} per stage. */
static inline void biquad_df2T(const float32_t *coefficients, int stages, float32_t *state,
                        const float32_t *in, float32_t *out, int count)
{
    const float32_t *x = in;
    for (int k = 0; k < stages; k++, coefficients += 5, state += 2) {
        float32_t b0 = coefficients[0], b1 = coefficients[1], b2 = coefficients[2];
        float32_t a1 = coefficients[3], a2 = coefficients[4];
        float32_t d1 = state[0], d2 = state[1];
        for (int n = 0; n < count; n++) {
            float32_t xn = x[n];
            float32_t acc = b0 * xn + d1;
            d1 = b1 * xn + d2;
            d1 += a1 * acc;
            d2 = b2 * xn;
            d2 += a2 * acc;
            out[n] = acc;
        }
        state[0] = d1; state[1] = d2;
        x = out;
    }
}

/* Runs the CMSIS header's NAME_coefficients (NAME_NUM_STAGES stages) in df1
   and df2T on the three signals. */
#define HARNESS_RUN_CMSIS(design, ID, STAGES)                                  \
    do {                                                                       \
        static float32_t x[HARNESS_SAMPLES], y[HARNESS_SAMPLES];               \
        static float32_t state[4 * (STAGES)];                                  \
        for (int form = 0; form < 2; form++)                                   \
            for (int signal = 0; signal < 3; signal++) {                       \
                uint32_t seed = 1;                                             \
                for (int n = 0; n < HARNESS_SAMPLES; n++)                      \
                    x[n] = (float32_t)harness_input(signal, n, &seed);         \
                memset(state, 0, sizeof state);                                \
                if (form == 0) biquad_df1(ID##_coefficients, STAGES, state, x, y, HARNESS_SAMPLES); \
                else biquad_df2T(ID##_coefficients, STAGES, state, x, y, HARNESS_SAMPLES); \
                printf("%s %s %s", design, form == 0 ? "cmsis-df1" : "cmsis-df2T", harness_signals[signal]); \
                for (int n = 0; n < HARNESS_SAMPLES; n++) harness_print_float(y[n]); \
                printf("\n");                                                  \
            }                                                                  \
    } while (0)

#endif

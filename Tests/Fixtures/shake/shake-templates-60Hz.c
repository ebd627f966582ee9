/* Shake!'s filter menu at 60 Hz in its original C form (fixture for mkfilter verify).
   Written by scripts/shake_c_templates.py; values printed as Fisher's gencode prints them. */

const static DigitalFilterTemplate butterworth2O_LP_5Hz = {
    1, /* tag */ "Butterworth LP 5 Hz", "2nd order low pass 5 Hz",
    kFilterClassLowPass, /* sample rate */ 60.0, /* corners */ 5, 0, /* f3 */ 0,
    /* order */ 2, /* gain */ 2.020612010e+01,
    /* zeros */ 2, /* x count */ 3, { 1, 2, 1 },
    /* poles */ 2, /* y count */ 2,
    { -0.4775922501, 1.2796324250 }
};

const static DigitalFilterTemplate butterworth2O_HP_5Hz = {
    2, /* tag */ "Butterworth HP 5 Hz", "2nd order high pass 5 Hz",
    kFilterClassHighPass, /* sample rate */ 60.0, /* corners */ 5, 0, /* f3 */ 0,
    /* order */ 2, /* gain */ 1.450734152e+00,
    /* zeros */ 2, /* x count */ 3, { 1, -2, 1 },
    /* poles */ 2, /* y count */ 2,
    { -0.4775922501, 1.2796324250 }
};

const static DigitalFilterTemplate butterworth2O_BP_0p5_3Hz = {
    3, /* tag */ "Butterworth BP 2nd 0.5 to 3 Hz", "2nd order band pass 0.5-3 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 0.5, 3, /* f3 */ 0,
    /* order */ 2, /* gain */ 6.890076929e+01,
    /* zeros */ 4, /* x count */ 5, { 1, 0, -2, 0, 1 },
    /* poles */ 4, /* y count */ 4,
    { -0.6905989232, 2.9892919080, -4.9019021489, 3.6029823692 }
};

const static DigitalFilterTemplate butterworth2O_BP_2p5_5Hz = {
    4, /* tag */ "Butterworth BP 2nd 2.5 to 5 Hz", "2nd order band pass 2.5-5 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 2.5, 5, /* f3 */ 0,
    /* order */ 2, /* gain */ 6.941574297e+01,
    /* zeros */ 4, /* x count */ 5, { 1, 0, -2, 0, 1 },
    /* poles */ 4, /* y count */ 4,
    { -0.6905989232, 2.8087788723, -4.5190260480, 3.3854106817 }
};

const static DigitalFilterTemplate butterworth2O_BP_0p5_4Hz = {
    5, /* tag */ "Butterworth BP 2nd 0.5 to 4 Hz", "2nd order band pass 0.5-4 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 0.5, 4, /* f3 */ 0,
    /* order */ 2, /* gain */ 3.734347495e+01,
    /* zeros */ 4, /* x count */ 5, { 1, 0, -2, 0, 1 },
    /* poles */ 4, /* y count */ 4,
    { -0.5956541946, 2.6513004962, -4.5070640158, 3.4510395986 }
};

const static DigitalFilterTemplate butterworth2O_BP_4_8Hz = {
    6, /* tag */ "Butterworth BP 2nd 4 to 8 Hz", "2nd order band pass 4-8 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 4, 8, /* f3 */ 0,
    /* order */ 2, /* gain */ 2.978037555e+01,
    /* zeros */ 4, /* x count */ 5, { 1, 0, -2, 0, 1 },
    /* poles */ 4, /* y count */ 4,
    { -0.5532698897, 2.0888366595, -3.4522393347, 2.8278094912 }
};

const static DigitalFilterTemplate butterworth3O_BP_0p5_3Hz = {
    7, /* tag */ "Butterworth BP 3rd 0.5 to 3 Hz", "3rd order band pass 0.5-3 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 0.5, 3, /* f3 */ 0,
    /* order */ 3, /* gain */ 5.692666745e+02,
    /* zeros */ 6, /* x count */ 7, { -1, 0, 3, 0, -3, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.5914839175, 3.8259313174, -10.3638005554, 15.0484236941, -12.3516477932, 5.4325737865 }
};

const static DigitalFilterTemplate butterworth3O_BP_2p5_5Hz = {
    8, /* tag */ "Butterworth BP 3rd 2.5 to 5 Hz", "3rd order band pass 2.5-5 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 2.5, 5, /* f3 */ 0,
    /* order */ 3, /* gain */ 5.698186806e+02,
    /* zeros */ 6, /* x count */ 7, { -1, 0, 3, 0, -3, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.5914839175, 3.5948965113, -9.3939394696, 13.4792208887, -11.1951606727, 5.1045193790 }
};

const static DigitalFilterTemplate butterworth3O_BP_0p5_4Hz = {
    9, /* tag */ "Butterworth BP 3rd 0.5 to 4 Hz", "3rd order band pass 0.5-4 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 0.5, 4, /* f3 */ 0,
    /* order */ 3, /* gain */ 2.267303368e+02,
    /* zeros */ 6, /* x count */ 7, { -1, 0, 3, 0, -3, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.4784081507, 3.1839352836, -8.8988238970, 13.3720853679, -11.3911630674, 5.2123669563 }
};

const static DigitalFilterTemplate butterworth3O_BP_2_6Hz = {
    10, /* tag */ "Butterworth BP 3rd 2 to 6 Hz", "3rd order band pass 2-6 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 2, 6, /* f3 */ 0,
    /* order */ 3, /* gain */ 1.587927483e+02,
    /* zeros */ 6, /* x count */ 7, { -1, 0, 3, 0, -3, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.4299088249, 2.7437089159, -7.5388551330, 11.4008521480, -10.0037256647, 4.8264173453 }
};

const static DigitalFilterTemplate butterworth3O_BP_4_8Hz = {
    11, /* tag */ "Butterworth BP 3rd 4 to 8 Hz", "3rd order band pass 4-8 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 4, 8, /* f3 */ 0,
    /* order */ 3, /* gain */ 1.588057611e+02,
    /* zeros */ 6, /* x count */ 7, { -1, 0, 3, 0, -3, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.4299088249, 2.4297719637, -6.2679091102, 9.2798667589, -8.3131139563, 4.2741755450 }
};


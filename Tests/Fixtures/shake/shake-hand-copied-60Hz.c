/* Shake!'s eleven Butterworth filters at 60 Hz with the numbers its author copied
   by hand from Fisher's web page (Shake!'s JdDigitalFilterDesigns.h, 2012): the
   printed values, tags, titles and descriptions as Shake! has them, transcribed into
   this fixture's layout. Tag 10's last x coefficient has the wrong sign (-1 for 1) and
   tag 14 carries a 2nd-order band-pass's five x coefficients where seven are declared.
   Every other difference from a fresh design is rounding in the last printed digits. */

const static DigitalFilterTemplate shake4 = {
    4, /* tag */ "Butterworth LP 1", "2nd Order Low Pass 5 Hz",
    kFilterClassLowPass, /* sample rate */ 60.0, /* corners */ 5, 0, /* f3 */ 0,
    /* order */ 2, /* gain */ 2.020612010e+01,
    /* zeros */ 2, /* x count */ 3, { 1, 2, 1 },
    /* poles */ 2, /* y count */ 2,
    { -0.4775922501, 1.2796324250 }
};

const static DigitalFilterTemplate shake5 = {
    5, /* tag */ "Butterworth HP 1", "2nd Order High Pass 5 Hz",
    kFilterClassHighPass, /* sample rate */ 60.0, /* corners */ 5, 0, /* f3 */ 0,
    /* order */ 2, /* gain */ 1.450734152e+00,
    /* zeros */ 2, /* x count */ 3, { 1, -2, 1 },
    /* poles */ 2, /* y count */ 2,
    { -0.4775922501, 1.2796324250 }
};

const static DigitalFilterTemplate shake6 = {
    6, /* tag */ "Butterworth BP 1", "2nd Order Band Pass 0.5 Hz to 3 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 0.5, 3, /* f3 */ 0,
    /* order */ 2, /* gain */ 6.890076929e+01,
    /* zeros */ 4, /* x count */ 5, { 1, 0, -2, 0, 1 },
    /* poles */ 4, /* y count */ 4,
    { -0.6905989232, 2.9892919079, -4.9019021489, 3.6029823692 }
};

const static DigitalFilterTemplate shake7 = {
    7, /* tag */ "Butterworth BP 2", "2nd Order Band Pass 2.5 Hz to 5 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 2.5, 5, /* f3 */ 0,
    /* order */ 2, /* gain */ 6.941574297e+01,
    /* zeros */ 4, /* x count */ 5, { 1, 0, -2, 0, 1 },
    /* poles */ 4, /* y count */ 4,
    { -0.6905989232, 2.8087788723, -4.5190260480, 3.3854106817 }
};

const static DigitalFilterTemplate shake8 = {
    8, /* tag */ "Butterworth BP 3", "3rd Order Band Pass 0.5 Hz to 3 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 0.5, 3, /* f3 */ 0,
    /* order */ 3, /* gain */ 5.692666745e+02,
    /* zeros */ 6, /* x count */ 7, { -1, 0, 3, 0, -3, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.5914839175, 3.8259313174, -10.3638005554, 15.0484236941, -12.3516477932, 5.4325737865 }
};

const static DigitalFilterTemplate shake9 = {
    9, /* tag */ "Butterworth BP 4", "3rd Order Band Pass 2.5 Hz to 5 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 2.5, 5, /* f3 */ 0,
    /* order */ 3, /* gain */ 5.698186806e+02,
    /* zeros */ 6, /* x count */ 7, { -1, 0, 3, 0, -3, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.5914839175, 3.5948965113, -9.3939394697, 13.4792208887, -11.1951606727, 5.1045193790 }
};

const static DigitalFilterTemplate shake10 = {
    10, /* tag */ "Butterworth BP 5", "2nd Order Band Pass 0.5 Hz to 4 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 0.5, 4, /* f3 */ 0,
    /* order */ 2, /* gain */ 3.734347495e+01,
    /* zeros */ 4, /* x count */ 5, { 1, 0, -2, 0, -1 },
    /* poles */ 4, /* y count */ 4,
    { -0.5956541946, 2.6513004962, -4.5070640158, 3.4510395986 }
};

const static DigitalFilterTemplate shake11 = {
    11, /* tag */ "Butterworth BP 6", "2nd Order Band Pass 4 Hz to 8 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 4, 8, /* f3 */ 0,
    /* order */ 2, /* gain */ 2.978037555e+01,
    /* zeros */ 4, /* x count */ 5, { 1, 0, -2, 0, 1 },
    /* poles */ 4, /* y count */ 4,
    { -0.5532698897, 2.0888366596, -3.4522393348, 2.8278094912 }
};

const static DigitalFilterTemplate shake12 = {
    12, /* tag */ "Butterworth BP 7", "3rd Order Band Pass 0.5 Hz to 4 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 0.5, 4, /* f3 */ 0,
    /* order */ 3, /* gain */ 2.267303368e+02,
    /* zeros */ 6, /* x count */ 7, { -1, 0, 3, 0, -3, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.4784081507, 3.1839352836, -8.8988238970, 13.3720853678, -11.3911630674, 5.2123669563 }
};

const static DigitalFilterTemplate shake13 = {
    13, /* tag */ "Butterworth BP 8", "3rd Order Band Pass 2 Hz to 6 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 2, 6, /* f3 */ 0,
    /* order */ 3, /* gain */ 1.587927483e+02,
    /* zeros */ 6, /* x count */ 7, { -1, 0, 3, 0, -3, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.4299088248, 2.7437089159, -7.5388551330, 11.4008521480, -10.0037256647, 4.8264173453 }
};

const static DigitalFilterTemplate shake14 = {
    14, /* tag */ "Butterworth BP 9", "3rd Order Band Pass 4 Hz to 8 Hz",
    kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 4, 8, /* f3 */ 0,
    /* order */ 3, /* gain */ 1.588057611e+02,
    /* zeros */ 6, /* x count */ 7, { 1, 0, -2, 0, 1 },
    /* poles */ 6, /* y count */ 6,
    { -0.4299088249, 2.4297719638, -6.2679091105, 9.2798667593, -8.3131139565, 4.2741755451 }
};

// DO NOT EDIT: written by scripts/embed_templates.py from Templates/.
// The default templates are compiled into the binary; `--template FILE` overrides one.

/// The contents of Templates/, by path relative to it (e.g. "c/gencode-f.mustache").
enum EmbeddedTemplates {
    static let all: [String: String] = [
        "c/gencode-ansic-fir.mustache": #"""
{{% CONTENT_TYPE: TEXT}}
/* Digital filter designed by mkfilter/mkshape/gencode   A.J. Fisher
   Command line: {{commandLine}} */

#define NZEROS {{zeroCount}}
#define GAIN   {{gain}}

static float xv[NZEROS+1];

static float xcoeffs[] =
  {{coefficientList}}
  };

static void filterloop()
  { for (;;)
      { float sum; int i;
        for (i = 0; i < NZEROS; i++) xv[i] = xv[i+1];
        xv[NZEROS] = `next input value' / GAIN;
        sum = 0.0;
        for (i = 0; i <= NZEROS; i++) sum += (xcoeffs[i] * xv[i]);
        `next output value' = sum;
      }
  }


"""#,
        "c/gencode-ansic-iir.mustache": #"""
{{% CONTENT_TYPE: TEXT}}
/* Digital filter designed by mkfilter/mkshape/gencode   A.J. Fisher
   Command line: {{commandLine}} */

#define NZEROS {{zeroCount}}
#define NPOLES {{poleCount}}
#define GAIN   {{gain}}

static float xv[NZEROS+1], yv[NPOLES+1];

static void filterloop()
  { for (;;)
      { {{inputShift}}
        xv[{{zeroCount}}] = `next input value' / GAIN;
        {{outputShift}}
        yv[{{poleCount}}] ={{expression}};
        `next output value' = yv[{{poleCount}}];
      }
  }


"""#,
        "c/gencode-f.mustache": #"""
{{% CONTENT_TYPE: TEXT}}
static float _fstepf_$(filter *fi, float x)
  { /* {{commandLine}} */
    float *v = fi -> v;
{{#movingAverage}}
    float &sum = fi -> sum; int &ptr = fi -> ptr;
    sum += (x - v[ptr]);
    v[ptr] = x;
    if (++ptr == {{length}}) ptr = 0;
    return {{scale}} * sum;
{{/movingAverage}}
{{^movingAverage}}
{{shift}}    v[{{poleCount}}] =    ({{scale}} * x){{feedback}};
    return {{feedforward}};
{{/movingAverage}}
  }

static fspec _fspecs_$ = { {{zeroCount}}, {{poleCount}}, _fstepf_$ };


"""#,
        "c/gencode-xyc.mustache": #"""
{{% CONTENT_TYPE: TEXT}}
{{line}}

"""#,
    ]
}

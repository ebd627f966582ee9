# firls against scipy.signal.firls on random designs: E (the integrated
# weighted squared error firls minimises) of both sets of double taps,
# computed exactly (the taps as exact binary fractions, their
# autocorrelation in integers, the closed-form integrals in mpmath at 50
# digits). What LeastSquares.swift's measured ratios come from.
#
# usage: python3 scripts/firls_compare.py MKFILTER SEED COUNT MAXTAPS [MINTAPS]
#   e.g. python3 scripts/firls_compare.py .build/release/mkfilter 1 20 1199 513
# Prints one line per design (E of each, the ratio ours/scipy's, the times)
# and a summary: how many designs ours is worse on, the ratios' max, median, min.
import mpmath as mp
import numpy as np
from fractions import Fraction
def _ints(h):
    # h_n = m_n * 2^-s exactly
    fr=[Fraction(float(x)) for x in h]
    s=0
    for f in fr:
        d=f.denominator; s=max(s,d.bit_length()-1)
    m=[int(f*(1<<s)) for f in fr]
    return m,s
def _autocorr(m):
    n=len(m); P=[max(x,0) for x in m]; N=[max(-x,0) for x in m]
    B=max(1,max(abs(x) for x in m)).bit_length()
    W=2*B+n.bit_length()+2
    def pack(a): 
        v=0
        for x in reversed(a): v=(v<<W)|x
        return v
    def unpack(v,cnt):
        mask=(1<<W)-1; out=[]
        for _ in range(cnt): out.append(v&mask); v>>=W
        return out
    def corr(a,b):  # c_d = sum_k a_{k+d} b_k for d=0..n-1 : convolution of a with reversed b
        prod=pack(a)*pack(b[::-1]); full=unpack(prod,2*n-1)
        return full[n-1:]  # lags 0..n-1
    pp=corr(P,P); nn=corr(N,N); pn=corr(P,N); np_=corr(N,P)
    return [pp[d]+nn[d]-pn[d]-np_[d] for d in range(n)]
def exact_E(h,bands,des,w,dps=50,units='f'):
    """E = sum_j w_j int over band (A-D)^2 df (f units, fs=1) of the taps h exactly as given (symmetric assumed? no: general)"""
    mp.mp.dps=dps
    taps=len(h); M=(taps-1)//2
    nu=[2*mp.mpf(x) for x in bands]; nb=len(nu)//2
    # For general h: E_nu = e0 - 2 sum_n b_|n-M| h_n ... b is for cos basis; valid for symmetric h. Symmetrise check:
    m,s=_ints(h)
    R=_autocorr(m)  # R_d = sum_k m_{k+d} m_k
    def sincint(f,n): return f if n==0 else mp.sin(mp.pi*f*n)/(mp.pi*n)
    q=[sum(w[j]*(sincint(nu[2*j+1],n)-sincint(nu[2*j],n)) for j in range(nb)) for n in range(taps)]
    quad=q[0]*R[0]+2*mp.fsum(q[d]*R[d] for d in range(1,taps))
    quad=quad/mp.mpf(2)**(2*s)
    e0=0; lin=0
    for j in range(nb):
        f1,f2,d1,d2=nu[2*j],nu[2*j+1],mp.mpf(des[2*j]),mp.mpf(des[2*j+1])
        e0+=w[j]*(f2-f1)*(d1*d1+d1*d2+d2*d2)/3
    bcache={}
    for n in range(M+1):
        sm=0
        for j in range(nb):
            f1,f2,d1,d2=nu[2*j],nu[2*j+1],mp.mpf(des[2*j]),mp.mpf(des[2*j+1])
            sl_=(d2-d1)/(f2-f1); c=d1-f1*sl_
            def term(f):
                if n==0: return f*(sl_*f+c)-sl_*f*f/2
                return (sl_*f+c)*mp.sin(mp.pi*f*n)/(mp.pi*n)+sl_*mp.cos(mp.pi*n*f)/(mp.pi*n)**2
            sm+=w[j]*(term(f2)-term(f1))
        bcache[n]=sm
    # b'h uses int D(nu) cos(pi (n-M) nu) for each tap: valid for any h since A(nu)=sum h_n cos(pi(n-M)nu) only if symmetric;
    lin=mp.fsum(bcache[abs(n-M)]*mp.mpf(m[n]) for n in range(taps))/mp.mpf(2)**s
    # h'Th = int |H|^2 = int A^2 for symmetric h
    E=e0-2*lin+quad
    return float(E/2) if units=='f' else float(E)

def designs(seed,N,maxtaps,mintaps=1):
    rng=np.random.default_rng(seed); out=[]
    while len(out)<N:
        taps=2*int(rng.integers(mintaps//2,maxtaps//2+1))+1
        nb=int(rng.integers(1,4))
        e=np.sort(rng.uniform(0,0.5,2*nb))
        if rng.random()<0.3: e[0]=0
        if rng.random()<0.3: e[-1]=0.5
        des=[float(x) for x in rng.choice([0,1],2*nb)] if rng.random()<0.6 else [float(x) for x in rng.uniform(0,1,2*nb)]
        w=[float(x) for x in rng.choice([1,2,10],nb)] if rng.random()<0.6 else [float(x) for x in rng.uniform(0.1,10,nb)]
        e=[float(x) for x in e]
        if any(e[2*j+1]<=e[2*j] for j in range(nb)): continue
        out.append((taps,e,des,w))
    return out

import sys,subprocess,warnings,time,json
warnings.simplefilter('ignore')
import numpy as np, scipy.signal as ss
B=sys.argv[1]; seed=int(sys.argv[2]); N=int(sys.argv[3]); mx=int(sys.argv[4]); mn=int(sys.argv[5]) if len(sys.argv)>5 else 1
judge=sys.argv[6] if len(sys.argv)>6 else 'mp'
def ours(t,b,d,w):
    cmd=[B,'firls','--taps',str(t),'--bands',*map(repr,b),'--desired',*map(repr,d),'--weights',*map(repr,w),'--emit','json']
    t0=time.time(); out=subprocess.run(cmd,capture_output=True,text=True); dt=time.time()-t0
    if out.returncode: print('FAIL',out.stderr[:300]); return None,dt
    j=json.loads(out.stdout)
    return np.array(taps_of(j)),dt
def taps_of(j):
    if isinstance(j,dict):
        for k in ('taps','coefficients','b','numerator'):
            if k in j: return j[k]
        for v in j.values():
            r=taps_of(v)
            if r is not None: return r
    return None
rs=[]
for D in designs(seed,N,mx,mn):
    h,dt=ours(*D)
    if h is None: continue
    t0=time.time(); hs=ss.firls(D[0],D[1],D[2],weight=D[3],fs=1); ts=time.time()-t0
    Eo=exact_E(h,*D[1:]); Es=exact_E(hs,*D[1:])
    r=Eo/Es if Es>0 else (1.0 if Eo==0 else np.inf); rs.append(r)
    print(D[0],len(D[1])//2,'Es %.4g'%Es,'Eo %.4g'%Eo,'ratio %.6g'%r,'ours %.2fs scipy %.2fs'%(dt,ts),'max|h| %.2g'%abs(h).max(),'WORSE' if r>1 else '',flush=True)
rs=np.array(rs)
print('designs',len(rs),'worse',int((rs>1).sum()),'max %.6g'%rs.max(),'median %.4g'%np.median(rs),'min %.3g'%rs.min())

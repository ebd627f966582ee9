"""What the IIR reference scripts share (mpmath_reference.py,
scipy_reference.py, sos_grid_reference.py): a design case's fields as their
fixtures name them, their grids of cases, and scipy.signal's design of a case;
scipy's band names and Wn also serve order_estimation_reference.py.

Conventions: our alpha = f / fs; scipy's Wn = f / (fs / 2) = 2 alpha (fs = 2),
formed in doubles as `2.0 * alpha`. Bessel uses norm='mag'; Chebyshev type I
takes the ripple rp in positive dB. scipy is imported only for a design
(mpmath_reference.py needs it only with --check).
"""

# Our band names, and scipy.signal's btype for each.
SCIPY_BANDS = {"lowPass": "lowpass", "highPass": "highpass", "bandPass": "bandpass", "bandStop": "bandstop"}


def case_fields(family, ripple, band, order, alphas):
    """The fields that name a design in a fixture's case."""
    return {"family": family, "ripple": ripple, "band": band, "order": order, "alphas": list(alphas)}


def grid(families, orders, one_corner, two_corners):
    """(family, ripple, band, order, alphas) for each family (name, ripple),
    band, order and corners: low- and high-pass at each alpha of `one_corner`,
    band-pass and band-stop at each pair of `two_corners`."""
    for family, ripple in families:
        for band in SCIPY_BANDS:
            corners = [(a,) for a in one_corner] if band in ("lowPass", "highPass") else two_corners
            for order in orders:
                for alphas in corners:
                    yield family, ripple, band, order, alphas


def scipy_wn(alphas):
    """scipy's digital Wn for one corner or two."""
    return [2.0 * a for a in alphas] if len(alphas) == 2 else 2.0 * alphas[0]


def scipy_design(family, ripple, band, order, alphas, output="zpk"):
    """scipy.signal's digital design of the case, as `output` ('zpk' or 'ba'):
    bessel (norm='mag'), or iirfilter's butter or cheby1."""
    from scipy import signal
    wn, btype = scipy_wn(alphas), SCIPY_BANDS[band]
    if family == "bessel":
        return signal.bessel(order, wn, btype=btype, output=output, norm="mag")
    if family == "butterworth":
        return signal.iirfilter(order, wn, btype=btype, ftype="butter", output=output)
    return signal.iirfilter(order, wn, btype=btype, ftype="cheby1", rp=ripple, output=output)

"""
Independent reference figures for tests/unit/server/credit/money-math.test.ts.

Written from the conventions stated at the top of src/server/domain/credit
(schedule.ts, iof.ts, cet.ts), not from their code: exact rationals
(fractions.Fraction) for the Price balances, Python's decimal module (50
digits, ROUND_HALF_UP) for the pro-rata first period and the CET, bisection
for the CET, and a cent-by-cent scan for the financed-IOF gross-up. Run it
with `python3 tests/unit/server/credit/reference_figures.py`; the test file
writes down what it prints.
"""
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal, getcontext
from fractions import Fraction

getcontext().prec = 50
CENT = Decimal("0.01")


def cents(x):
    if isinstance(x, Fraction):
        x = Decimal(x.numerator) / Decimal(x.denominator)
    return Decimal(x).quantize(CENT, rounding=ROUND_HALF_UP)


def add_months(d, k, anchor):
    idx = d.year * 12 + d.month - 1 + k
    y, m = divmod(idx, 12)
    m += 1
    last = (date(y + (m == 12), m % 12 + 1, 1) - timedelta(days=1)).day
    return date(y, m, min(anchor, last))


def schedule(system, principal, rate_percent, n, disbursed, first_due):
    P = Decimal(principal)
    i_frac = Fraction(Decimal(rate_percent)) / 100
    i = Decimal(rate_percent) / 100
    dues = [add_months(first_due, k, first_due.day) for k in range(n)]
    whole = add_months(disbursed, 1, disbursed.day) == first_due
    days1 = (first_due - disbursed).days
    r1 = i if whole else (1 + i) ** (Decimal(days1) / 30) - 1
    rows = []
    if system == "price" and i > 0:
        g = 1 + i_frac
        total = g ** n
        level = cents(Fraction(P) * i_frac / (1 - 1 / total))
        extra = cents(P * r1) - cents(P * i)
        before = P
        for k in range(1, n + 1):
            bal = Decimal(0) if k == n else cents(Fraction(P) * (total - g ** k) / (total - 1))
            amort = before - bal
            interest = level - amort + (extra if k == 1 else 0)
            if interest < 0:
                interest = Decimal(0)
            rows.append((k, dues[k - 1], amort + interest, interest, amort, bal))
            before = bal
    else:
        total_cents = int(P * 100)
        part, left = divmod(total_cents, n)
        before = P
        for k in range(1, n + 1):
            amort = Decimal(part + (1 if k > n - left else 0)) / 100
            bal = before - amort
            interest = cents(before * (r1 if k == 1 else i))
            rows.append((k, dues[k - 1], amort + interest, interest, amort, bal))
            before = bal
    return rows


def iof(rows, principal, disbursed, daily, additional):
    base = sum(r[4] * min((r[1] - disbursed).days, 365) for r in rows)
    d = cents(base * Decimal(daily) / 100)
    a = cents(Decimal(principal) * Decimal(additional) / 100)
    return d, a, d + a


def cet(released, flows):
    released = Decimal(released)

    def pv(x):
        return sum(a / x ** (Decimal(d) / 365) for d, a in flows)

    lo, hi = Decimal(1), Decimal(2)
    while pv(hi) > released:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if pv(mid) > released:
            lo = mid
        else:
            hi = mid
    x = (lo + hi) / 2
    yearly = (x - 1) * 100
    monthly = (x ** (Decimal(1) / 12) - 1) * 100
    return yearly, monthly


def gross_up(target, system, rate, n, disbursed, first_due, daily, additional):
    target = Decimal(target)
    # P − IOF(P) ≥ target needs P ≥ target + IOF(P) ≥ target + IOF(target): start a little below that and walk up.
    _, _, at_target = iof(schedule(system, target, rate, n, disbursed, first_due), target, disbursed, daily, additional)
    p = target + at_target - Decimal("0.10")
    while True:
        rows = schedule(system, p, rate, n, disbursed, first_due)
        _, _, t = iof(rows, p, disbursed, daily, additional)
        if p - t >= target:
            return p, t, p - t - target
        p += CENT


def show(title, rows, which=None):
    print(title)
    for r in rows if which is None else [rows[k] for k in which]:
        print("  ", r[0], r[1], r[2], r[3], r[4], r[5])


if __name__ == "__main__":
    d = date
    price12 = schedule("price", "10000.00", "1.00", 12, d(2026, 1, 15), d(2026, 2, 15))
    show("Price 10000 1% 12x", price12)
    print("  total interest", sum(r[3] for r in price12), "total", sum(r[2] for r in price12))
    show("Price 10000 1% 12x, 45-day first period", schedule("price", "10000.00", "1.00", 12, d(2026, 1, 10), d(2026, 2, 24)), [0, 1, 11])
    show("Price 300000 0.8% 360x", schedule("price", "300000.00", "0.80", 360, d(2026, 3, 5), d(2026, 4, 5)), [0, 359])
    print("IOF PF on Price 12x", iof(price12, "10000.00", d(2026, 1, 15), "0.0082", "0.38"))
    print("IOF PJ 12.466 on Price 12x", iof(price12, "10000.00", d(2026, 1, 15), "0.0082", "0.95"))
    flows = [((r[1] - d(2026, 1, 15)).days, r[2]) for r in price12]
    print("CET released 10000.00", [str(v.quantize(Decimal("0.0001"))) for v in cet("10000.00", flows)])
    print("CET released 9797.56", [str(v.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)) for v in cet("9797.56", flows)])
    long90 = schedule("price", "10000.00", "4.99", 48, d(2026, 1, 15), d(2026, 1, 15) + timedelta(days=90))
    show("Issue: 10000 4.99% 48x, first due 90 days after", long90, [0, 1, 47])
    pf60 = schedule("price", "10000.00", "12", 60, d(2026, 1, 15), d(2026, 1, 15) + timedelta(days=45))
    show("Issue: 10000 12% 60x, 45-day first period", pf60, [0, 1, 59])
    for target in ["9795.14", "10000.00"]:
        print("gross-up", target, "2% 12x PF", gross_up(target, "price", "2.00", 12, d(2026, 1, 15), d(2026, 2, 15), "0.0082", "0.38"))

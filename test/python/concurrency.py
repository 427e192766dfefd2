"""Running a test's work in several threads at once."""

import threading


def run_together(work, count):
    """Calls work(i) for each i < count in a thread of its own, all released
    by one barrier so that their first calls overlap; returns what they
    raised (for the calling test to assert on)."""
    start, errors = threading.Barrier(count), []

    def run(i):
        try:
            start.wait()
            work(i)
        except Exception as e:  # reported by the caller
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors

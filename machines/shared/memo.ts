/**
 * Selector results kept per input object, so a snapshot that does not change what a selector
 * reads gives the same result (the same array), and `useSelector` does not re-render for it.
 * xstate keeps a context value's identity until an action assigns a new one, so the input array
 * (or object) is the key; nothing is held once the machine drops it (a WeakMap).
 */
export function keyedBy<I extends object, O>(derive: (input: I) => O): (input: I) => O {
  const results = new WeakMap<I, O>();
  return (input) => {
    if (results.has(input)) return results.get(input)!;
    const result = derive(input);
    results.set(input, result);
    return result;
  };
}

/** `keyedBy` for selectors with a second, primitive argument (a channel id, a filter, a count). */
export function keyedByWith<I extends object, A extends string | number, O>(
  derive: (input: I, argument: A) => O,
): (input: I, argument: A) => O {
  const results = new WeakMap<I, Map<A, O>>();
  return (input, argument) => {
    let byArgument = results.get(input);
    if (!byArgument) {
      byArgument = new Map();
      results.set(input, byArgument);
    }
    if (byArgument.has(argument)) return byArgument.get(argument)!;
    const result = derive(input, argument);
    byArgument.set(argument, result);
    return result;
  };
}

/** Appends `value` to the list kept under `key`, creating the list on first use (a group-by step). */
export function pushTo<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const list = groups.get(key);
  if (list) list.push(value);
  else groups.set(key, [value]);
}

// The slots of a message template ({name}, {city}…): a template whose slot has no value is not used, so a
// line never shows an empty slot ("Hey ! Did you stop by…" for a member who gave no name).

export type Slots = Readonly<Record<string, string | number | null | undefined>>;

/** A slot at the start of a sentence starts it with a capital ("Le mie passioni? Viaggiare…"). */
const sentenceStart = /(^|[.!?¿¡]\s*)$/;

/** The template with its slots filled, or null when a slot it names is missing or blank (no letter or digit). */
export function fillSlots(template: string, slots: Slots): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, key: string, offset: number) => {
    const value = String(slots[key] ?? "")
      .replace(/\s+/g, " ")
      .trim();
    if (!/[\p{L}\p{N}]/u.test(value)) missing = true;
    return sentenceStart.test(template.slice(0, offset))
      ? value.charAt(0).toUpperCase() + value.slice(1)
      : value;
  });
  return missing ? null : text;
}

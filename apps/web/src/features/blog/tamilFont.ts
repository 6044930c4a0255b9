import { useEffect, useState } from 'react';

/**
 * The font stack for a Tamil post's text on any page: the app's bundled Tamil face (registered on first use, its
 * module loaded only then), so Tamil reads the same in the editor and the preview whatever the user's language and
 * machine. Undefined for an English post, or until the face is registered.
 */
export function useTamilFontStack(tamil: boolean): string | undefined {
  const [stack, setStack] = useState<string>();
  useEffect(() => {
    if (!tamil) return;
    let live = true;
    void import('../../lib/tamilFont').then((font) => {
      font.registerTamilFontFaces();
      if (live) setStack(font.TAMIL_FONT_STACK);
    });
    return () => {
      live = false;
    };
  }, [tamil]);
  return tamil ? stack : undefined;
}

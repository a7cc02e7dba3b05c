/** The 3D viewer modal: loads three.js on first use, shows the STL with orbit/zoom, offers the download. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ArtifactLink } from '../types.ts';

export function StlViewer({ link, onClose }: { link: ArtifactLink; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [info, setInfo] = useState<string>('loading the 3D viewer…');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    dialog.current?.showModal();
    let disposed = false;
    let dispose: (() => void) | undefined;
    import('./stlScene.ts')
      .then(({ mountStl }) => mountStl(host.current!, link.url))
      .then((m) => {
        if (disposed) return m.dispose();
        dispose = m.dispose;
        setInfo(`${m.triangles} triangles · ${m.size.map((v) => v.toFixed(1)).join(' × ')} mm · drag to orbit, wheel to zoom, right-drag to pan`);
        setReady(true);
      })
      .catch((err: unknown) => setInfo(`could not show the STL: ${err instanceof Error ? err.message : String(err)}`));
    return () => {
      disposed = true;
      dispose?.();
      dialog.current?.close();
    };
  }, [link.url]);
  return (
    <dialog ref={dialog} class="stl-dialog" onCancel={(e) => (e.preventDefault(), onClose())}>
      <div class="stl-head">
        <b>{link.name}</b>
        <span class="stl-info" data-ready={ready ? '1' : '0'}>
          {info}
        </span>
        <a class="button download-stl" href={`${link.url}?download=1`} download={link.name}>
          Download
        </a>
        <button class="secondary close-viewer" onClick={onClose}>
          Close
        </button>
      </div>
      <div ref={host} class="stl-canvas" data-ready={ready ? '1' : '0'} />
    </dialog>
  );
}

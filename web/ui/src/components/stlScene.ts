/**
 * The three.js scene of the STL viewer (loaded lazily: three is most of the bundle). Orbit with the
 * left button, zoom with the wheel, pan with the right button.
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';

export interface MountedStl {
  triangles: number;
  size: [number, number, number];
  dispose(): void;
}

export async function mountStl(container: HTMLElement, url: string): Promise<MountedStl> {
  const geometry = await new STLLoader().loadAsync(url);
  geometry.computeBoundingBox();
  geometry.computeVertexNormals();
  const box = geometry.boundingBox!;
  const center = box.getCenter(new THREE.Vector3());
  const size = box.getSize(new THREE.Vector3());
  geometry.translate(-center.x, -center.y, -center.z);

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xf4f6f8);
  const mesh = new THREE.Mesh(geometry, new THREE.MeshStandardMaterial({ color: 0x3b82c4, metalness: 0.1, roughness: 0.6 }));
  scene.add(mesh);
  scene.add(new THREE.AmbientLight(0xffffff, 0.6));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(1, 1.5, 2);
  scene.add(sun);
  const back = new THREE.DirectionalLight(0xffffff, 0.5);
  back.position.set(-1, -1, -1.5);
  scene.add(back);

  const radius = Math.max(size.length() / 2, 1e-3);
  const camera = new THREE.PerspectiveCamera(40, 1, radius / 100, radius * 100);
  camera.position.set(radius * 0.8, -radius * 1.9, radius * 2.1);
  camera.up.set(0, 0, 1);

  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(devicePixelRatio, 2));
  container.appendChild(renderer.domElement);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = true;

  const resize = () => {
    const w = container.clientWidth || 640;
    const h = container.clientHeight || 480;
    renderer.setSize(w, h);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  };
  resize();
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  renderer.setAnimationLoop(() => {
    controls.update();
    renderer.render(scene, camera);
  });

  return {
    triangles: geometry.getAttribute('position').count / 3,
    size: [size.x, size.y, size.z],
    dispose() {
      renderer.setAnimationLoop(null);
      observer.disconnect();
      controls.dispose();
      geometry.dispose();
      (mesh.material as THREE.Material).dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}

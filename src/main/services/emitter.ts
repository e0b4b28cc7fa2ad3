/** A minimal typed listener list; a throwing listener never breaks the others. */
export interface Emitter<T> {
  on(listener: (value: T) => void): () => void;
  emit(value: T): void;
  clear(): void;
}

export function createEmitter<T>(): Emitter<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(value) {
      for (const listener of [...listeners]) {
        try {
          listener(value);
        } catch (error) {
          console.error('[main] listener failed', error);
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}

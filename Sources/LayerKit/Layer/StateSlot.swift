/// Which of a layer's two states to read: the model (what the script set) or the presentation
/// (what is on screen now, animations applied).
public enum StateSlot: Sendable {
    case model
    case presentation
}

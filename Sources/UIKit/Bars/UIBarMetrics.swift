/// Apple's UIBarMetrics: which bar height an appearance setter applies to (the segmented control's and
/// bars' `barMetrics:` parameters).
public enum UIBarMetrics: Int, Sendable { case `default`, compact, defaultPrompt = 101, compactPrompt }
